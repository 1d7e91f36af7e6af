import '../ui/fonts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createBrowserTokenStore } from '../lib/api/token-store';
import { AppProviders } from './AppProviders';
import { loadConfig } from './config';
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
void services.session.initialize();
const router = createBrowserRouter(createAppRoutes());

createRoot(rootElement).render(
  <StrictMode>
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
