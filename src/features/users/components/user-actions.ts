import { USER_SESSIONS_TEXTS, USERS_TEXTS } from '../../../contract/ui-texts';
import { MFA_RESET_TEXTS } from '../../../contract/texts/sign-in';
import type { User } from '../../../contract/users';
import type { RowAction } from '../../../ui';
import { userRowActions, type Actor } from '../lib/user-rules';

/** What can be done to one user, from their row in the list or their own page. */
export type UserAction = 'edit' | 'toggleActive' | 'clients' | 'signOutEverywhere' | 'resetMfa' | 'delete';

/**
 * The actions `actor` may take on `user` (lib/user-rules.ts), labelled and in the list's order; the status change
 * waits while `pendingUserId` is this user's. `leaveOut` drops the ones a screen has no use for (a user's own page
 * shows their clients already).
 */
export function userActionsFor(
  actor: Actor,
  user: User,
  pendingUserId: string | null,
  leaveOut: readonly UserAction[] = [],
): RowAction<UserAction>[] {
  const allowed = userRowActions(actor, user);
  const actions: RowAction<UserAction>[] = [
    { action: 'edit', label: USERS_TEXTS.edit },
    {
      action: 'toggleActive',
      label: user.isActive ? USERS_TEXTS.disable : USERS_TEXTS.enable,
      isPending: pendingUserId === user.uuid,
    },
    { action: 'clients', label: USERS_TEXTS.clients },
    { action: 'signOutEverywhere', label: USER_SESSIONS_TEXTS.signOutEverywhere },
    { action: 'resetMfa', label: MFA_RESET_TEXTS.action },
    { action: 'delete', label: USERS_TEXTS.delete },
  ];
  return actions.filter(({ action }) => allowed[action] && !leaveOut.includes(action));
}
