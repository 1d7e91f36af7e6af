import { DEFAULT_PAGE_SIZE } from '../../contract/constants';

/** The page sizes the console offers; the API itself accepts 1 to 100. */
export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZE_OPTIONS)[number];

/** The lists that remember a page size, each under its own key. */
const PAGED_LISTS = ['certificates', 'clients', 'users'] as const;
export type PagedList = (typeof PAGED_LISTS)[number];

const storageKey = (list: PagedList) => `lc.pageSize.${list}`;

export const isPageSize = (value: number): value is PageSize =>
  (PAGE_SIZE_OPTIONS as readonly number[]).includes(value);

/** A `limit` from the URL: one of the offered sizes, else none (the remembered one applies). */
export function pageSizeFromParam(value: string | null): PageSize | undefined {
  const size = Number(value);
  return value !== null && isPageSize(size) ? size : undefined;
}

/** The size last chosen on this list in this browser, else the default: what a URL without `limit` shows. */
export function rememberedPageSize(list: PagedList): number {
  try {
    const stored = Number(globalThis.localStorage?.getItem(storageKey(list)));
    return isPageSize(stored) ? stored : DEFAULT_PAGE_SIZE;
  } catch {
    // Storage can be refused (privacy settings); the default is then the only memory.
    return DEFAULT_PAGE_SIZE;
  }
}

export function rememberPageSize(list: PagedList, size: number): void {
  try {
    globalThis.localStorage?.setItem(storageKey(list), String(size));
  } catch {
    // As above: not remembering is the only loss.
  }
}

/** Forgets every list's page size in this browser (a story starts from none: .storybook/preview.tsx). */
export function forgetPageSizes(): void {
  for (const list of PAGED_LISTS) {
    try {
      globalThis.localStorage?.removeItem(storageKey(list));
    } catch {
      // Nothing was kept, then.
    }
  }
}

/** The page that keeps the first row shown in view when the page size changes. */
export const pageKeepingFirstRow = (page: number, from: number, to: number) =>
  Math.floor(((page - 1) * from) / to) + 1;
