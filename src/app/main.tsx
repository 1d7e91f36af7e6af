import '../ui/fonts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createBrowserTokenStore } from '../lib/api/token-store';
import { AppProviders } from './AppProviders';
import { loadConfig } from './config';
import { prefetchPageData } from './prefetch';
import { createAppRoutes } from './routes';
import { createBrowserSessionSync, createConsole } from '../lib/session';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

const config = await loadConfig();
const services = createConsole({
  apiUrl: config.apiUrl,
  store: createBrowserTokenStore(),
  sync: createBrowserSessionSync(),
});
void services.session.initialize({
  onAccessToken: () => prefetchPageData(window.location, services.api),
});
const router = createBrowserRouter(createAppRoutes());

const root = createRoot(rootElement);
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders services={services}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
