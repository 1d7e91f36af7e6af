import { LIST_TEXTS } from '../../../contract/ui-texts';

/** A date in the browser's locale (ARCHITECTURE.md), e.g. 'Jan 14, 2025'. */
export const formatDate = (ms: number) => new Date(ms).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** A moment in the browser's locale, or 'Never' (spec §2 Last Login). */
export const formatLastLogin = (ms: number | null) =>
  ms === null ? LIST_TEXTS.never : new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
