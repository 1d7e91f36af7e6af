// The owners' sign-in settings (docs/sign-in.md "Sign-in settings"): whether staff other than owners may sign in with a
// password, and whether every password account must have two-factor codes. One row of app_settings, read on every
// sign-in rather than cached, so a change made through any process holds in every process at once; no row (or a
// field missing from it) means the defaults: passwords on, codes not required.
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { SignInMethods, SignInSettings, UpdateSignInSettings } from '../../../contract/sign-in';
import type { Db, Tx } from '../../db/client';
import { appSettings } from '../../db/schema';
import { recordActivity } from '../shared/audit';
import type { AppContext } from '../shared/context';

const KEY = 'sign_in';

export interface SignInRules {
  /** Password sign-in for everyone; false: owners only (the emergency path). */
  passwordLogin: boolean;
  /** Every password account must have two-factor codes; those without are sent to enrol at their next sign-in. */
  mfaRequired: boolean;
}

const DEFAULTS: SignInRules = { passwordLogin: true, mfaRequired: false };
// Whatever the row holds, a field that is not a boolean reads as its default: a hand-edited row never breaks sign-in.
const storedSchema = z.object({
  passwordLogin: z.boolean().catch(DEFAULTS.passwordLogin),
  mfaRequired: z.boolean().catch(DEFAULTS.mfaRequired),
});

const rulesOf = (value: unknown): SignInRules => {
  const parsed = storedSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : DEFAULTS;
};

/** The rules in force now. */
export async function readSignInRules(db: Db | Tx): Promise<SignInRules> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, KEY));
  return rulesOf(row?.value);
}

/** How each change reads in the activity log. */
function describeChange(before: SignInRules, after: SignInRules): string[] {
  const lines: string[] = [];
  if (before.passwordLogin !== after.passwordLogin)
    lines.push(
      after.passwordLogin
        ? 'password sign-in turned back on for everyone'
        : 'password sign-in turned off for everyone but owners',
    );
  if (before.mfaRequired !== after.mfaRequired)
    lines.push(
      after.mfaRequired
        ? 'two-factor codes required for every password account'
        : 'two-factor codes no longer required',
    );
  return lines;
}

/**
 * Changes the rules in one transaction under the row's lock, recording the change in the activity log (nothing is
 * recorded when nothing changes). The API's PUT and the CLI's `allow-password-login` both come here.
 */
export async function changeSignInRules(
  db: Db,
  actor: { id: string | null; name: string },
  change: Partial<SignInRules>,
  at: Date,
): Promise<{ rules: SignInRules; changed: boolean }> {
  return db.transaction(async (tx) => {
    await tx.insert(appSettings).values({ key: KEY, value: DEFAULTS, updatedAt: at }).onConflictDoNothing();
    const [row] = await tx.select().from(appSettings).where(eq(appSettings.key, KEY)).for('update');
    const before = rulesOf(row?.value);
    const after: SignInRules = {
      passwordLogin: change.passwordLogin ?? before.passwordLogin,
      mfaRequired: change.mfaRequired ?? before.mfaRequired,
    };
    const lines = describeChange(before, after);
    if (lines.length === 0) return { rules: after, changed: false };
    await tx.update(appSettings).set({ value: after, updatedAt: at }).where(eq(appSettings.key, KEY));
    await recordActivity(tx, actor, {
      type: 'settings.sign_in_changed',
      targetType: 'settings',
      targetId: KEY,
      description: `Sign-in settings: ${lines.join('; ')}`,
      at,
    });
    return { rules: after, changed: true };
  });
}

export interface SignInSettingsService {
  /** What the sign-in page offers, asked before anyone signs in. */
  methods(): Promise<SignInMethods>;
  get(): Promise<SignInSettings>;
  update(actor: { id: string; name: string }, change: UpdateSignInSettings): Promise<SignInSettings>;
}

export function createSignInSettingsService({ db, env, now }: AppContext): SignInSettingsService {
  const sso = () => ({
    configured: Boolean(env.OIDC_ISSUER),
    displayName: env.OIDC_DISPLAY_NAME,
    issuer: env.OIDC_ISSUER ?? null,
  });
  return {
    async methods() {
      const { passwordLogin } = await readSignInRules(db);
      return {
        password: passwordLogin,
        sso: env.OIDC_ISSUER ? { displayName: env.OIDC_DISPLAY_NAME } : null,
      };
    },
    async get() {
      return { ...(await readSignInRules(db)), sso: sso() };
    },
    async update(actor, change) {
      const { rules } = await changeSignInRules(db, actor, change, now());
      return { ...rules, sso: sso() };
    },
  };
}
