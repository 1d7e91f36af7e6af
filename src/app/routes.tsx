import type { ComponentProps, ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { AppLayout } from './layout/AppLayout';
import { AppRoot } from './layout/AppRoot';
import { NotFoundPage } from './layout/NotFoundPage';
import { RequireAuth } from './layout/RequireAuth';
import { RequireRole } from './layout/RequireRole';
import { RouteErrorPage } from './layout/RouteErrorPage';

/**
 * A page of its own that only some roles may open (`ROUTE_ACCESS`): the others get Access Denied from `RequireRole`
 * and never load the page's code.
 */
function forRoles(
  route: ComponentProps<typeof RequireRole>['route'],
  load: () => Promise<ComponentType>,
): RouteObject {
  return {
    path: route.slice(1),
    element: <RequireRole route={route} />,
    children: [{ index: true, lazy: async () => ({ Component: await load() }) }],
  };
}

/** The console's routes (docs/requirements.md#screens); pages load lazily so the first screen stays small. */
export function createAppRoutes(): RouteObject[] {
  return [
    {
      element: <AppRoot />,
      // What fails outside the layout (the sign-in page, the layout itself) shows the same notice, full page.
      errorElement: <RouteErrorPage />,
      // Nothing to show while the first lazy page loads (there is no server rendering to hydrate).
      HydrateFallback: () => null,
      children: [
        {
          path: '/login',
          lazy: async () => ({ Component: (await import('../features/auth/SignInPage')).SignInPage }),
        },
        {
          element: <RequireAuth />,
          children: [
            {
              path: '/',
              element: <AppLayout />,
              children: [
                {
                  // A page that fails (its code did not load, or it failed while drawing) shows this inside the
                  // layout, whose navigation still works.
                  errorElement: <RouteErrorPage />,
                  children: [
                    {
                      index: true,
                      lazy: async () => ({
                        Component: (await import('../features/dashboard')).DashboardPage,
                      }),
                    },
                    {
                      path: 'users',
                      element: <RequireRole route="/users" />,
                      children: [
                        {
                          index: true,
                          lazy: async () => ({ Component: (await import('../features/users')).UsersPage }),
                        },
                        {
                          // A user's own page: their details, clients and the activity they performed, which
                          // the app composes from the activity feature; an unknown id shows the app's Not Found page.
                          path: ':id',
                          lazy: async () => {
                            const [{ UserDetailPage }, { ActivityFeed }] = await Promise.all([
                              import('../features/users'),
                              import('../features/activity'),
                            ]);
                            const Activity = ({ actorId }: { actorId: string }) => (
                              <ActivityFeed filters={{ actorId }} />
                            );
                            return {
                              Component: () => <UserDetailPage NotFound={NotFoundPage} Activity={Activity} />,
                            };
                          },
                        },
                      ],
                    },
                    {
                      path: 'clients',
                      lazy: async () => ({ Component: (await import('../features/clients')).ClientsPage }),
                    },
                    {
                      // A client's own page: the app hands it the certificates screen for the client and the
                      // activity feed, which other features own; an unknown id shows the app's Not Found page.
                      path: 'clients/:id',
                      lazy: async () => {
                        const [{ ClientDetailPage }, { ClientCertificates }, { ActivityFeed }] =
                          await Promise.all([
                            import('../features/clients'),
                            import('../features/certificates'),
                            import('../features/activity'),
                          ]);
                        const Activity = ({ clientId, label }: { clientId: string; label: string }) => (
                          <ActivityFeed filters={{ clientId }} label={label} />
                        );
                        return {
                          Component: () => (
                            <ClientDetailPage
                              NotFound={NotFoundPage}
                              Certificates={ClientCertificates}
                              Activity={Activity}
                            />
                          ),
                        };
                      },
                    },
                    {
                      path: 'certificates',
                      lazy: async () => ({
                        Component: (await import('../features/certificates')).CertificatesPage,
                      }),
                    },
                    {
                      // A certificate's own page; an unknown id shows the app's Not Found page.
                      path: 'certificates/:id',
                      lazy: async () => {
                        const { CertificateDetailPage } = await import('../features/certificates');
                        return { Component: () => <CertificateDetailPage NotFound={NotFoundPage} /> };
                      },
                    },
                    {
                      path: 'account',
                      lazy: async () => ({ Component: (await import('../features/account')).AccountPage }),
                    },
                    // The log's rows link to the detail pages of what they are about.
                    forRoles('/activity', async () => (await import('../features/activity')).ActivityPage),
                    forRoles(
                      '/api-tokens',
                      async () => (await import('../features/api-tokens')).ApiTokensPage,
                    ),
                    forRoles('/webhooks', async () => (await import('../features/webhooks')).WebhooksPage),
                    forRoles('/settings', async () => (await import('../features/settings')).SettingsPage),
                    { path: '*', element: <NotFoundPage /> },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ];
}
