import { useId } from 'react';
import type { SessionInfo } from '../../../contract/auth';
import { ACCOUNT_TEXTS } from '../../../contract/ui-texts';
import { formatDateTime } from '../../../lib/format/dates';
import { formatUserAgent } from '../../../lib/format/user-agent';
import { Button } from '../../../ui';
import * as styles from '../AccountPage.css';

const { labels } = ACCOUNT_TEXTS;

function SessionItem({
  session,
  isPending,
  onSignOut,
}: {
  session: SessionInfo;
  isPending: boolean;
  onSignOut: (session: SessionInfo) => void;
}) {
  const titleId = useId();
  return (
    <li className={styles.session} data-current={session.current || undefined}>
      <div className={styles.sessionMain}>
        <p id={titleId} className={styles.sessionTitle}>
          <span>{formatUserAgent(session.userAgent)}</span>
          {session.current && (
            <span className={styles.thisDevice} data-tone="info">
              {ACCOUNT_TEXTS.thisDevice}
            </span>
          )}
        </p>
        <dl className={styles.facts}>
          <div>
            <dt>{labels.address}</dt>
            <dd>{session.ipAddress || ACCOUNT_TEXTS.unknownAddress}</dd>
          </div>
          <div>
            <dt>{labels.signedIn}</dt>
            <dd>{formatDateTime(session.createdAt)}</dd>
          </div>
          <div>
            <dt>{labels.lastUsed}</dt>
            <dd>{formatDateTime(session.lastUsedAt)}</dd>
          </div>
        </dl>
      </div>
      {/* This device signs out with Logout in the top bar. */}
      {!session.current && (
        <Button
          size="sm"
          variant="secondary"
          isPending={isPending}
          // 'Sign out', described by the session it ends, so a screen reader hears which one.
          aria-describedby={titleId}
          onPress={() => onSignOut(session)}
        >
          {ACCOUNT_TEXTS.signOut}
        </Button>
      )}
    </li>
  );
}

/** The user's sessions as cards (they read at a phone's width too), each but this device's with its Sign out. */
export function SessionList({
  sessions,
  pendingId,
  onSignOut,
}: {
  sessions: readonly SessionInfo[];
  /** The session whose sign-out is on its way. */
  pendingId: string | null;
  onSignOut: (session: SessionInfo) => void;
}) {
  return (
    <ul className={styles.sessionList} aria-label={ACCOUNT_TEXTS.sessionsLabel}>
      {sessions.map((session) => (
        <SessionItem
          key={session.id}
          session={session}
          isPending={pendingId === session.id}
          onSignOut={onSignOut}
        />
      ))}
    </ul>
  );
}
