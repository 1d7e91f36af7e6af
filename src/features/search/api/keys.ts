/** SWR keys of the command palette's search: one per (trimmed) query and limit, so a stale answer is never shown. */
export const searchKeys = {
  all: ['search'] as const,
  results: (q: string, limit: number) => ['search', q, limit] as const,
};
