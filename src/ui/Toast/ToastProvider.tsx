import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { createToastQueue, showToast, type AppToastQueue, type ShowToastOptions } from './toast-queue';
import { ToastRegion } from './Toast';

interface ToastApi {
  show: (toast: ShowToastOptions) => string;
  close: (id: string) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Holds the toast queue and renders its region once for the whole tree below. */
export function ToastProvider({
  children,
  queue: givenQueue,
}: {
  children: ReactNode;
  queue?: AppToastQueue;
}) {
  const [queue] = useState(() => givenQueue ?? createToastQueue());
  const api = useMemo<ToastApi>(
    () => ({ show: (toast) => showToast(queue, toast), close: (id) => queue.close(id) }),
    [queue],
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastRegion queue={queue} />
    </ToastContext.Provider>
  );
}

/** Shows toasts from anywhere below a `ToastProvider`. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside a ToastProvider');
  return api;
}
