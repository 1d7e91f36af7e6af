import { useEffect, type ReactNode } from 'react';
import { SWRConfig, useSWRConfig, type SWRConfiguration } from 'swr';
import { ToastProvider, type AppToastQueue } from '../ui/Toast';
import { SessionProvider, useSessionState, type ConsoleServices } from '../lib/session';

/** Empties the data cache when the session ends, so the next person to sign in never sees the last one's data. */
function ForgetDataOnSignOut() {
  const { status } = useSessionState();
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (status === 'unauthenticated') void mutate(() => true, undefined, { revalidate: false });
  }, [status, mutate]);
  return null;
}

/** Everything a screen needs above it: session and API client, data cache, toasts. */
export function AppProviders({
  services,
  swr,
  toastQueue,
  children,
}: {
  services: ConsoleServices;
  swr?: SWRConfiguration;
  /** The toasts' queue; a fresh one by default (stories pass a held one). */
  toastQueue?: AppToastQueue;
  children: ReactNode;
}) {
  return (
    <SessionProvider session={services.session} api={services.api}>
      <SWRConfig value={{ shouldRetryOnError: false, ...swr }}>
        <ForgetDataOnSignOut />
        <ToastProvider queue={toastQueue}>{children}</ToastProvider>
      </SWRConfig>
    </SessionProvider>
  );
}
