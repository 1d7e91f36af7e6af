import { useId, useRef, useState } from 'react';
import type { SessionInfo, SessionUser } from '../../contract/auth';
import { ACCOUNT_TEXTS, ACCOUNT_TOASTS, LIST_TEXTS } from '../../contract/ui-texts';
import { formatUserAgent } from '../../lib/format/user-agent';
import { useDialogs } from '../../lib/lists/use-dialogs';
import { useSessionState } from '../../lib/session';
import { naming, reportOutcome } from '../../lib/toasts/outcome-toasts';
import { Button, ConfirmDialog, layout, LoadingState, PageHeader, useToast } from '../../ui';
import { useEndOtherSessions } from './api/end-other-sessions';
import { useEndSession } from './api/end-session';
import { useSessions } from './api/get-sessions';
import { AccountDetails } from './components/AccountDetails';
import { SessionList } from './components/SessionList';
import { TimeZoneSetting } from './components/TimeZoneSetting';
import { ReminderSetting } from './components/ReminderSetting';
import { TwoFactorSetting } from './components/TwoFactorSetting';
import * as styles from './AccountPage.css';
import { LoadFailedBanner } from '../../lib/lists/LoadFailedBanner';

/** This device first, then the others in the server's order (the most recently used first). */
const currentFirst = (sessions: SessionInfo[]) => [
  ...sessions.filter((session) => session.current),
  ...sessions.filter((session) => !session.current),
];

function AccountScreen({ user }: { user: SessionUser }) {
  const toast = useToast();
  const sessions = useSessions();
  const endSession = useEndSession();
  const endOtherSessions = useEndOtherSessions();
  const [pendingId, setPendingId] = useState<string | null>(null);
  // The confirmation keeps the count it was opened with while it closes, whatever the list shows by then.
  const dialogs = useDialogs<{ otherCount: number }>();
  const sessionsHeadingId = useId();
  const sessionsHeading = useRef<HTMLHeadingElement>(null);

  const rows = sessions.data && currentFirst(sessions.data);
  const otherCount = rows?.filter((session) => !session.current).length ?? 0;

  const signOut = async (session: SessionInfo) => {
    setPendingId(session.id);
    const isDone = await reportOutcome(toast, () => endSession(session.id), {
      done: () => naming(ACCOUNT_TOASTS.sessionEnded, formatUserAgent(session.userAgent)),
      failed: ACCOUNT_TOASTS.endSessionFailed,
    });
    // After a failure too: a session the server no longer knows was ended elsewhere.
    await sessions.mutate();
    setPendingId(null);
    // Its button went with it: the keyboard carries on from the list's heading, not from the top of the page.
    if (isDone) sessionsHeading.current?.focus();
  };

  const signOutOthers = async () => {
    await reportOutcome(toast, endOtherSessions, {
      done: () => ACCOUNT_TOASTS.otherSessionsEnded,
      failed: ACCOUNT_TOASTS.endOtherSessionsFailed,
    });
    await sessions.mutate();
  };

  return (
    <div className={layout.page}>
      <PageHeader title={ACCOUNT_TEXTS.title} />
      <AccountDetails user={user} />
      <TwoFactorSetting />
      <TimeZoneSetting />
      <ReminderSetting />
      <section className={styles.panel} aria-labelledby={sessionsHeadingId}>
        <div className={styles.panelHeader}>
          <div className={styles.panelIntro}>
            <h2 id={sessionsHeadingId} ref={sessionsHeading} tabIndex={-1} className={styles.sessionsTitle}>
              {ACCOUNT_TEXTS.sessionsHeading}
            </h2>
            <p className={styles.hint}>{ACCOUNT_TEXTS.sessionsDescription}</p>
          </div>
          <Button
            variant="secondary"
            isDisabled={otherCount === 0}
            onPress={() => dialogs.open({ otherCount })}
          >
            {ACCOUNT_TEXTS.signOutOthers}
          </Button>
        </div>
        <LoadFailedBanner error={sessions.error} onRetry={() => sessions.mutate()} />
        {!rows && !sessions.error && <LoadingState label={ACCOUNT_TEXTS.loading} size="inline" />}
        {rows && <SessionList sessions={rows} pendingId={pendingId} onSignOut={signOut} />}
        {rows && otherCount === 0 && <p className={styles.hint}>{ACCOUNT_TEXTS.onlyThisDevice}</p>}
      </section>

      {dialogs.dialog && (
        <ConfirmDialog
          title={ACCOUNT_TEXTS.signOutOthers}
          message={ACCOUNT_TEXTS.signOutOthersConfirm(dialogs.dialog.otherCount)}
          confirmLabel={ACCOUNT_TEXTS.signOutOthers}
          pendingLabel={ACCOUNT_TEXTS.signingOut}
          cancelLabel={LIST_TEXTS.cancel}
          {...dialogs.modalProps}
          // The question closes after a failure too: the toast says what went wrong.
          onConfirm={signOutOthers}
        />
      )}
    </div>
  );
}

/** The Account page: who is signed in, and where, with a way to end the sessions they do not want. */
export function AccountPage() {
  const state = useSessionState();
  if (state.status !== 'authenticated') return null;
  return <AccountScreen user={state.user} />;
}
