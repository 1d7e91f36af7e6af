import { DEFAULT_API_BASE } from '../contract/constants';

export interface ConsoleConfig {
  /** Base path or URL of the API, without a trailing slash. */
  apiUrl: string;
}

/**
 * Reads `/config.json` at start (docs/requirements.md#calls). Any failure (missing file, bad JSON, wrong shape)
 * falls back to `/api/v1` so the console still works where the file is not served.
 */
export async function loadConfig(fetchFn: typeof fetch = fetch): Promise<ConsoleConfig> {
  try {
    const response = await fetchFn('/config.json', { headers: { Accept: 'application/json' } });
    if (!response.ok) return { apiUrl: DEFAULT_API_BASE };
    const apiUrl = apiUrlOf(await response.json());
    if (apiUrl === undefined || apiUrl.trim() === '') return { apiUrl: DEFAULT_API_BASE };
    return { apiUrl: apiUrl.replace(/\/+$/, '') };
  } catch {
    return { apiUrl: DEFAULT_API_BASE };
  }
}

/**
 * The `apiUrl` of an answer shaped as `configResponseSchema` (src/contract/auth.ts) says, checked by hand: this runs
 * before the first render, and zod is not in the console's entry. config.test.ts holds the two to the same
 * answers.
 */
export function apiUrlOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('apiUrl' in body)) return undefined;
  return typeof body.apiUrl === 'string' ? body.apiUrl : undefined;
}
