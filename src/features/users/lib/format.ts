import { LIST_TEXTS } from '../../../contract/ui-texts';

/** A date in the browser's locale (docs/requirements.md#entities), e.g. 'Jan 14, 2025'. */
export const formatDate = (ms: number) =>
  new Date(ms).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** A moment in the browser's locale, or 'Never' (docs/requirements.md#users-screen Last Login). */
export const formatLastLogin = (ms: number | null) =>
  ms === null
    ? LIST_TEXTS.never
    : new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
