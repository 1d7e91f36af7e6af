import type { ReactNode } from 'react';
import { UNDO_TOAST_DURATION_MS } from '../../contract/constants';
import { LIST_TEXTS, USERS_TEXTS, USERS_TOASTS } from '../../contract/ui-texts';
import type { User } from '../../contract/users';
import { DeleteDialog } from '../../lib/lists/DeleteDialog';
import { useDialogs } from '../../lib/lists/use-dialogs';
import { useRowChange } from '../../lib/lists/use-row-change';
import { naming, type OutcomeToasts } from '../../lib/toasts/outcome-toasts';
import { useToast } from '../../ui';
import { useDeleteUser } from './api/delete-user';
import { useUpdateUser } from './api/update-user';
import { ResetMfaDialog } from './components/ResetMfaDialog';
import { SignOutEverywhereDialog } from './components/SignOutEverywhereDialog';
import type { UserAction } from './components/user-actions';
import { UserClientsModal } from './components/UserClientsModal';
import { UserFormModal } from './components/UserFormModal';
import type { Actor } from './lib/user-rules';

type OpenDialog =
  | { kind: 'form'; user: User | null }
  | { kind: 'clients'; user: User }
  | { kind: 'delete'; user: User }
  | { kind: 'signOutEverywhere'; user: User }
  | { kind: 'resetMfa'; user: User };

export interface UserActions {
  /** Takes an action on a user: a status change at once (with Undo), the others through their dialog. */
  handleAction: (action: UserAction, user: User) => void;
  /** The add form (`null`) or a user's edit form. */
  openForm: (user: User | null) => void;
  /** The user whose status change is on its way: their Disable or Enable waits. */
  pendingUserId: string | null;
  /** The open dialog, to render once in the screen. */
  dialogs: ReactNode;
}

/**
 * What the users list and a user's own page do with a user (docs/requirements.md#users-screen): Edit and
 * Add in the form, Disable or Enable at once with a toast offering Undo for a few seconds, Clients, Sign out
 * everywhere, and Delete after a question naming the user (or the server's reason it would refuse). `onDeleted` runs
 * after a delete succeeded (the user's page leaves for the list).
 */
export function useUserActions(
  actor: Actor,
  { onDeleted }: { onDeleted?: (user: User) => void } = {},
): UserActions {
  const toast = useToast();
  const updateUser = useUpdateUser();
  const deleteUser = useDeleteUser();
  // Disable/Enable: the user's button waits while the change is on its way.
  const flipActive = (user: User) => updateUser(user.uuid, { isActive: !user.isActive });
  const statusToasts = (undo?: (saved: User) => void) => (): OutcomeToasts<User> => ({
    done: (saved) => ({
      title: USERS_TOASTS.statusUpdated.title,
      description: USERS_TOASTS.statusUpdated.description(saved.name, saved.isActive),
      // Disabling or enabling is taken back as easily: the toast offers it for a few seconds.
      ...(undo && {
        action: { label: LIST_TEXTS.undo, onAction: () => undo(saved) },
        duration: UNDO_TOAST_DURATION_MS,
      }),
    }),
    failed: USERS_TOASTS.statusUpdateFailed,
  });
  const undoActive = useRowChange(toast, flipActive, statusToasts());
  const toggleActive = useRowChange(
    toast,
    flipActive,
    statusToasts((saved) => void undoActive.run(saved)),
  );
  const remove = useRowChange(
    toast,
    (user: User) => deleteUser(user.uuid),
    (user) => ({ done: () => naming(USERS_TOASTS.deleted, user.name), failed: USERS_TOASTS.deleteFailed }),
  );
  const dialogs = useDialogs<OpenDialog>();
  const { dialog } = dialogs;

  const handleAction = (action: UserAction, user: User) => {
    if (action === 'toggleActive') void toggleActive.run(user);
    else dialogs.open(action === 'edit' ? { kind: 'form', user } : { kind: action, user });
  };

  return {
    handleAction,
    openForm: (user) => dialogs.open({ kind: 'form', user }),
    pendingUserId: toggleActive.pendingId,
    dialogs: (
      <>
        {dialog?.kind === 'form' && (
          <UserFormModal
            key={dialog.user?.uuid ?? 'new'}
            actor={actor}
            user={dialog.user}
            {...dialogs.modalProps}
          />
        )}
        {dialog?.kind === 'clients' && <UserClientsModal user={dialog.user} {...dialogs.modalProps} />}
        {dialog?.kind === 'signOutEverywhere' && (
          <SignOutEverywhereDialog user={dialog.user} {...dialogs.modalProps} />
        )}
        {dialog?.kind === 'resetMfa' && <ResetMfaDialog user={dialog.user} {...dialogs.modalProps} />}
        {dialog?.kind === 'delete' && (
          <DeleteDialog
            title={USERS_TEXTS.deleteTitle(dialog.user.name)}
            message={USERS_TEXTS.deleteConfirm}
            refusal={dialog.user.deleteRefusal}
            {...dialogs.modalProps}
            onDelete={async () => {
              if (await remove.run(dialog.user)) onDeleted?.(dialog.user);
            }}
          />
        )}
      </>
    ),
  };
}
