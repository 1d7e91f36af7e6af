import type { RouteObject } from 'react-router';
import { AppLayout } from './layout/AppLayout';
import { AppRoot } from './layout/AppRoot';
import { NotFoundPage } from './layout/NotFoundPage';
import { RequireAuth } from './layout/RequireAuth';
import { RequireRole } from './layout/RequireRole';

/** The console's routes (docs/requirements.md#screens); pages load lazily so the first screen stays small. */
export function createAppRoutes(): RouteObject[] {
  return [
    {
      element: <AppRoot />,
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
                  index: true,
                  lazy: async () => ({ Component: (await import('../features/dashboard')).DashboardPage }),
                },
                {
                  path: 'users',
                  element: <RequireRole route="/users" />,
                  children: [
                    {
                      index: true,
                      lazy: async () => ({ Component: (await import('../features/users')).UsersPage }),
                    },
                  ],
                },
                {
                  path: 'clients',
                  lazy: async () => ({ Component: (await import('../features/clients')).ClientsPage }),
                },
                {
                  path: 'certificates',
                  lazy: async () => ({
                    Component: (await import('../features/certificates')).CertificatesPage,
                  }),
                },
                {
                  // A certificate's own page (issue 20); an unknown id shows the app's Not Found page.
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
                {
                  path: 'activity',
                  element: <RequireRole route="/activity" />,
                  children: [
                    {
                      index: true,
                      // The app composes the features: the log's certificate links open the certificates'
                      // history modal (the detail pages of a later issue will take these links over).
                      lazy: async () => {
                        const [{ ActivityPage }, { HistoryModal }] = await Promise.all([
                          import('../features/activity'),
                          import('../features/certificates/components/HistoryModal'),
                        ]);
                        return { Component: () => <ActivityPage CertificateHistory={HistoryModal} /> };
                      },
                    },
                  ],
                },
                {
                  path: 'api-tokens',
                  element: <RequireRole route="/api-tokens" />,
                  children: [
                    {
                      index: true,
                      lazy: async () => ({
                        Component: (await import('../features/api-tokens')).ApiTokensPage,
                      }),
                    },
                  ],
                },
                { path: '*', element: <NotFoundPage /> },
              ],
            },
          ],
        },
      ],
    },
  ];
}
