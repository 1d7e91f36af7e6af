import { failureToast } from '../api/call-errors';

/** Where a screen shows its toasts: the kit's `useToast()` (src/lib does not import src/ui, so only its shape). */
export interface ToastShower {
  show: (toast: { type: 'success' | 'destructive'; duration?: number } & ToastText) => void;
}

/** The words of a toast, and the button it may offer (Undo) with how long it then stays. */
export interface ToastText {
  title: string;
  description?: string;
  action?: { label: string; onAction: () => void };
  duration?: number;
}

/** A contract toast text that names its record ('Client Deleted', '"Acme" has been deleted.'). */
export interface NamedToastText {
  title: string;
  description: (name: string) => string;
}

/** The toast of `text` naming `name`. */
export const naming = (text: NamedToastText, name: string): ToastText => ({
  title: text.title,
  description: text.description(name),
});

/** What a change says when it is done, and when it fails: `failed.description` stands where the server sent no message. */
export interface OutcomeToasts<R> {
  done?: (result: R) => ToastText;
  failed: { title: string; description: string };
}

/**
 * Runs a change the user asked for and says how it went (docs/requirements.md#error-texts): the
 * success toast of `done`, or a destructive toast titled `failed.title` with the server's message,
 * else `failed.description`. The failure is reported, not thrown: resolves whether the change was made.
 */
export async function reportOutcome<R>(
  toast: ToastShower,
  change: () => Promise<R>,
  { done, failed }: OutcomeToasts<R>,
): Promise<boolean> {
  let result: R;
  try {
    result = await change();
  } catch (caught) {
    toast.show(failureToast(caught, failed.title, failed.description));
    return false;
  }
  if (done) toast.show({ type: 'success', ...done(result) });
  return true;
}
