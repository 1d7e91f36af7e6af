import type { RoleName } from '../../contract/roles';
import * as styles from './RoleBadge.css';

/** Badge styles of docs/requirements.md#roles: owner destructive, admin default, editor secondary, viewer outline. */
export const ROLE_BADGE_VARIANT = {
  owner: 'destructive',
  admin: 'default',
  editor: 'secondary',
  viewer: 'outline',
} as const satisfies Record<RoleName, string>;

/** A user's role as an upper-case badge (docs/requirements.md#screens and #roles). */
export function RoleBadge({ role }: { role: RoleName }) {
  return (
    <span className={styles.badge} data-variant={ROLE_BADGE_VARIANT[role]} data-role={role}>
      {role.toUpperCase()}
    </span>
  );
}
