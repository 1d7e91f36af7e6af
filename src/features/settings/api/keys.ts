/**
 * SWR keys of the Settings page. Nothing else shows the sign-in settings; the certificate defaults are also read by
 * the create form, under the certificates' own key, which a save here reloads.
 */
export const settingsKeys = {
  signIn: () => ['settings', 'sign-in'] as const,
  certificateDefaults: () => ['settings', 'certificate-defaults'] as const,
  backups: () => ['settings', 'backups'] as const,
};
