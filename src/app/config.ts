import { configResponseSchema } from '../contract/auth';
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
    const parsed = configResponseSchema.safeParse(await response.json());
    if (!parsed.success || parsed.data.apiUrl.trim() === '') return { apiUrl: DEFAULT_API_BASE };
    return { apiUrl: parsed.data.apiUrl.replace(/\/+$/, '') };
  } catch {
    return { apiUrl: DEFAULT_API_BASE };
  }
}
