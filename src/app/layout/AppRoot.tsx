import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { Outlet, useHref, useNavigate, type NavigateOptions } from 'react-router';

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

/** Lets react-aria links and buttons with `href` navigate through react-router. */
export function AppRoot() {
  const navigate = useNavigate();
  return (
    <AriaRouterProvider navigate={(path, options) => void navigate(path, options)} useHref={useHref}>
      <Outlet />
    </AriaRouterProvider>
  );
}
