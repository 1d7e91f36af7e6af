import type { ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { ToastProvider } from '../ui/Toast';
import { SessionProvider, type ConsoleServices } from './session';

/** Everything a screen needs above it: session and API client, data cache, toasts. */
export function AppProviders({ services, swr, children }: { services: ConsoleServices; swr?: SWRConfiguration; children: ReactNode }) {
  return (
    <SessionProvider session={services.session} api={services.api}>
      <SWRConfig value={{ shouldRetryOnError: false, ...swr }}>
        <ToastProvider>{children}</ToastProvider>
      </SWRConfig>
    </SessionProvider>
  );
}
