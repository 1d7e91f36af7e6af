import { loadConfig } from '../../../app/config';
import { createApiClient, type ApiClient } from '../../../app/api';
import type { Session } from '../../../app/session';

let apiUrl: Promise<string> | null = null;
/** The API base of this console (`/config.json`, read once; the browser caches the file too). */
const apiBase = () => (apiUrl ??= loadConfig().then((config) => config.apiUrl));

/**
 * A GET whose body is not JSON (the CSV export): the session's client does the bearer token, the
 * refresh on a 401 and the error texts, and the untouched response is kept for the caller.
 */
export async function getRaw(session: Session, path: string, query: Record<string, string | undefined>): Promise<Blob> {
  let captured: Response | null = null;
  const client: ApiClient = createApiClient({
    baseUrl: await apiBase(),
    auth: session,
    fetch: async (...args) => {
      const response = await fetch(...args);
      captured = response.clone();
      return response;
    },
  });
  await client.get(path, { query });
  const response = captured as Response | null;
  if (!response) throw new Error('No response');
  return response.blob();
}
