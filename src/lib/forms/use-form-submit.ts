import { useState, type FormEvent } from 'react';
import { failureToast, fieldErrorsOfCall } from '../api/call-errors';

export type FieldErrors = Record<string, string>;

/** What a form's own checks make of its values: the call that saves them, or the errors of its fields. */
export type PreparedSave<R> = { save: () => Promise<R> } | { fieldErrors: FieldErrors };

export interface FormSubmitOptions<V, R> {
  /** The form's first values (an empty form, or the record being edited). */
  initialValues: () => V;
  /** The contract's checks on the values (docs/requirements.md#validation), run on every submit. */
  prepare: (values: V) => PreparedSave<R>;
  /** After a save: the success toast, closing the dialog. */
  onSaved: (result: R) => void;
  /**
   * After a failed save, whose field errors (a 400's) are already on their fields: shows the failure
   * toast, if the form has one, and returns the banner's text (null for none).
   */
  onFailed: (caught: unknown, fieldErrors: FieldErrors) => string | null;
}

/**
 * The submit of every form dialog: one save at a time (a second submit while saving is ignored), the
 * form's own errors first without a call, the server's field errors onto the fields after one, a banner
 * for the rest, and `isSubmitting` for the pending button. It holds the values too: `change(field)` is
 * the handler that sets one field and, since they may no longer hold, clears its error and the banner.
 */
export function useFormSubmit<V extends object, R>({
  initialValues,
  prepare,
  onSaved,
  onFailed,
}: FormSubmitOptions<V, R>) {
  const [values, setValues] = useState<V>(initialValues);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  /** Forgets the errors of `fields` (the banner stays). */
  const clearFieldErrors = (...fields: string[]) =>
    setFieldErrors((current) => {
      const next = { ...current };
      for (const field of fields) delete next[field];
      return next;
    });

  /** The user changed `fields`: their errors and the banner go, since they may no longer hold. */
  const edited = (...fields: string[]) => {
    clearFieldErrors(...fields);
    setFormError(null);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    setFormError(null);
    const prepared = prepare(values);
    if ('fieldErrors' in prepared) {
      setFieldErrors(prepared.fieldErrors);
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    try {
      onSaved(await prepared.save());
    } catch (caught) {
      setSubmitting(false);
      const serverFieldErrors = fieldErrorsOfCall(caught);
      setFieldErrors(serverFieldErrors);
      setFormError(onFailed(caught, serverFieldErrors));
    }
  };

  const change =
    <K extends keyof V & string>(field: K) =>
    (value: V[K]) => {
      setValues((current) => ({ ...current, [field]: value }));
      edited(field);
    };

  return {
    values,
    setValues,
    change,
    fieldErrors,
    formError,
    isSubmitting,
    onSubmit,
    edited,
    clearFieldErrors,
  };
}

/** Where a form shows its toasts: the kit's `useToast()` (src/lib does not import src/ui, so only its shape). */
export interface ToastShower {
  show: (toast: { type: 'success' | 'destructive'; title: string; description?: string }) => void;
}

interface ToastText<D> {
  title: string;
  description: D;
}

/** The texts of a form that saves a named record (CLIENTS_TOASTS, USERS_TOASTS). */
export interface NamedSaveToasts {
  created: ToastText<(name: string) => string>;
  updated: ToastText<(name: string) => string>;
  saveFailed: ToastText<string>;
}

/**
 * `onSaved` and `onFailed` of a form that adds or edits a named record: 'X Created' or 'X Updated'
 * naming it, then close; on failure the 'Save Failed' toast (docs/requirements.md#error-texts), whose
 * text the banner repeats.
 */
export function namedSaveOutcome(
  toast: ToastShower,
  texts: NamedSaveToasts,
  { isEditing, close }: { isEditing: boolean; close: () => void },
): Pick<FormSubmitOptions<unknown, { name: string }>, 'onSaved' | 'onFailed'> {
  return {
    onSaved: (saved) => {
      const done = isEditing ? texts.updated : texts.created;
      toast.show({ type: 'success', title: done.title, description: done.description(saved.name) });
      close();
    },
    onFailed: (caught) => {
      const failure = failureToast(caught, texts.saveFailed.title, texts.saveFailed.description);
      toast.show(failure);
      return failure.description;
    },
  };
}
