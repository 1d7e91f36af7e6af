import type { ReactNode } from 'react';
import { LIST_TEXTS } from '../../contract/texts/shell';
import { DialogForm, type DialogFormProps } from '../../ui';

/** The words of a form that adds or edits a named record (a user, a client). */
export interface NamedRecordFormTexts {
  addTitle: string;
  editTitle: string;
  createSubmit: string;
  updateSubmit: string;
}

/**
 * The dialog form that adds or edits a named record, in the lists' words: titled and submitted as adding or as
 * editing, with Cancel and 'Saving...'. It goes with `namedSaveOutcome`, which says how the save went.
 */
export function NamedRecordForm({
  isEditing,
  texts,
  close,
  formProps,
  children,
}: {
  isEditing: boolean;
  texts: NamedRecordFormTexts;
  close: () => void;
  formProps: Pick<DialogFormProps, 'onSubmit' | 'validationErrors' | 'error' | 'isSubmitting'>;
  children: ReactNode;
}) {
  return (
    <DialogForm
      {...formProps}
      aria-label={isEditing ? texts.editTitle : texts.addTitle}
      cancelLabel={LIST_TEXTS.cancel}
      onCancel={close}
      submitLabel={isEditing ? texts.updateSubmit : texts.createSubmit}
      pendingLabel={LIST_TEXTS.saving}
    >
      {children}
    </DialogForm>
  );
}
