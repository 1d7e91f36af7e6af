import { useEffect, useState, type ComponentType } from 'react';
import { DIALOG_LOAD_ERROR_TEXTS } from '../../contract/texts/shell';
import { useToast } from '../../ui';

/**
 * A dialog whose code loads when it first opens, so that a page does not download (at first paint) what only a dialog
 * uses: the date fields of the certificate form and of Renew are 25 KB (br) that the certificates list itself never
 * draws (docs/performance.md).
 *
 * Not React.lazy, for what happens when the code does not load (a dropped connection, or a deploy that replaced the
 * files a tab still asks for): React.lazy keeps the failed load for good and throws it to the route, whose error
 * page would replace the page the user was working on. Here the dialog closes with a toast, the page stays as it
 * was, and the next opening tries again. Until the code is there nothing is drawn: the load starts on the click and
 * is cached for the rest of the session, so it is one short wait, once (`preload` starts it earlier).
 *
 * `close` is how the dialog's own props close it (each dialog names its callback its own way).
 */
export function lazyDialog<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  close: (props: Props) => void,
): ComponentType<Props> & { preload: () => void } {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const start = () =>
    (loading ??= load().then(
      (Dialog) => (loaded = Dialog),
      (error: unknown) => {
        // Forgotten, so that the next opening asks for the file again.
        loading = undefined;
        throw error;
      },
    ));

  function LazyDialog(props: Props) {
    const [Dialog, setDialog] = useState(() => loaded);
    const toast = useToast();
    useEffect(() => {
      if (Dialog) return;
      let isMounted = true;
      start().then(
        (ready) => isMounted && setDialog(() => ready),
        () => {
          if (!isMounted) return;
          toast.show({ type: 'destructive', ...DIALOG_LOAD_ERROR_TEXTS });
          close(props);
        },
      );
      return () => {
        isMounted = false;
      };
      // Once per opening: the props a dialog opens with are the ones it is closed with.
    }, []);
    return Dialog ? <Dialog {...props} /> : null;
  }
  // For the button that opens it, on hover or focus: the code is usually there by the click. A failure here is
  // left for the opening to report.
  LazyDialog.preload = () => void start().catch(() => undefined);
  return LazyDialog;
}
