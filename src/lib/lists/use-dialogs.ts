import { useCallback, useState } from 'react';

/**
 * Which of a screen's dialogs is open (`D` says which, and for which row). Closing keeps the last one
 * mounted, closed, so its closing animation still has content; opening another replaces it.
 */
export function useDialogs<D>() {
  const [dialog, setDialog] = useState<D | null>(null);
  const [isOpen, setOpen] = useState(false);
  const open = useCallback((next: D) => {
    setDialog(next);
    setOpen(true);
  }, []);
  /** The props every dialog of the screen takes: whether it is open and how it closes. */
  const modalProps = { isOpen, onOpenChange: setOpen };
  return { dialog, open, modalProps };
}
