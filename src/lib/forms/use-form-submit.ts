import { useState, type FormEvent } from 'react';
import { failureToast, fieldErrorsOfCall } from '../api/call-errors';
import { naming, type NamedToastText, type ToastShower } from '../toasts/outcome-toasts';

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
  /** Fields whose errors depend on another field too: editing the key clears theirs as well. */
  linkedErrors?: { [K in keyof V]?: (keyof V & string)[] };
}

/**
 * The submit of every form dialog: one save at a time (a second submit while saving is ignored), the
 * form's own errors first without a call, the server's field errors onto the fields after one, a banner
 * for the rest, and `isSubmitting` for the pending button. It holds the values too: `change(field)` is
 * the handler that sets one field and, since they may no longer hold, clears its error and the banner;
 * `field(name)` binds a kit input to that value. `formProps` are the props of the kit's DialogForm.
 */
export function useFormSubmit<V extends object, R>({
  initialValues,
  prepare,
  onSaved,
  onFailed,
  linkedErrors = {},
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
      edited(field, ...(linkedErrors[field] ?? []));
    };

  /** The props binding a kit input to one value: its name (which keys its error), value and change handler. */
  const field = <K extends keyof V & string>(name: K) => ({
    name,
    value: values[name],
    onChange: change(name),
  });

  return {
    values,
    setValues,
    change,
    field,
    formProps: { onSubmit, validationErrors: fieldErrors, error: formError, isSubmitting },
    isSubmitting,
    clearFieldErrors,
  };
}

/**
 * A form's failed save, said once and where it belongs: a refusal the server tied to fields (a taken
 * name, an overlapping serial number) is on those fields already, so nothing more; any other failure is the
 * 'Save Failed' toast of `failed` with the server's words, which the form's banner repeats (the returned text).
 */
export function reportSaveFailure(
  toast: ToastShower,
  caught: unknown,
  fieldErrors: FieldErrors,
  failed: { title: string; description: string },
): string | null {
  if (Object.keys(fieldErrors).length > 0) return null;
  const failure = failureToast(caught, failed.title, failed.description);
  toast.show(failure);
  return failure.description;
}

/** The texts of a form that saves a named record (CLIENTS_TOASTS, USERS_TOASTS). */
export interface NamedSaveToasts {
  created: NamedToastText;
  updated: NamedToastText;
  saveFailed: { title: string; description: string };
}

/**
 * `onSaved` and `onFailed` of a form that adds or edits a named record: 'X Created' or 'X Updated'
 * naming it, then close; on failure `reportSaveFailure`.
 */
export function namedSaveOutcome(
  toast: ToastShower,
  texts: NamedSaveToasts,
  { isEditing, close }: { isEditing: boolean; close: () => void },
): Pick<FormSubmitOptions<unknown, { name: string }>, 'onSaved' | 'onFailed'> {
  return {
    onSaved: (saved) => {
      toast.show({ type: 'success', ...naming(isEditing ? texts.updated : texts.created, saved.name) });
      close();
    },
    onFailed: (caught, fieldErrors) => reportSaveFailure(toast, caught, fieldErrors, texts.saveFailed),
  };
}
