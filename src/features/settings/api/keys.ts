/** SWR keys of the Settings page; nothing else shows these settings, so the page keeps them itself. */
export const settingsKeys = {
  signIn: () => ['settings', 'sign-in'] as const,
};
