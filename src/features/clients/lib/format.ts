/** A date in the browser's locale (docs/requirements.md#entities), e.g. 'Jan 14, 2025'. */
export const formatDate = (ms: number) =>
  new Date(ms).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
