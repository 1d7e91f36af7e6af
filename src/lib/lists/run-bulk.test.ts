import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { chunksOf, runInChunks } from './run-bulk';

const ids = (count: number) => Array.from({ length: count }, (_, index) => `id-${index}`);

describe('bulk actions in chunks', () => {
  it('cuts a selection into calls of at most 1,000 ids', () => {
    expect(chunksOf(ids(2500)).map((chunk) => chunk.length)).toEqual([1000, 1000, 500]);
    expect(chunksOf([])).toEqual([]);
  });

  it('sends each chunk in turn and combines the outcomes in order', async () => {
    const sent: number[] = [];
    const progress: number[] = [];
    const outcome = await runInChunks(
      ids(2001),
      async (chunk) => {
        sent.push(chunk.length);
        const results = chunk.map((id) => ({ id, ok: !id.endsWith('7') }));
        const succeeded = results.filter((result) => result.ok).length;
        return { results, succeeded, failed: results.length - succeeded };
      },
      { fallback: 'Failed', onProgress: (done) => progress.push(done) },
    );
    expect(sent).toEqual([1000, 1000, 1]);
    expect(progress).toEqual([1000, 2000, 2001]);
    expect(outcome.results.map((result) => result.id)).toEqual(ids(2001));
    expect(outcome.failed).toBe(200);
    expect(outcome.succeeded).toBe(1801);
  });

  it('reports every id of a call that failed as a whole, and goes on', async () => {
    let calls = 0;
    const outcome = await runInChunks(
      ids(3),
      async (chunk) => {
        calls += 1;
        if (calls === 1) throw new ApiError('No permission', { status: 403, code: 'FORBIDDEN' });
        return { results: chunk.map((id) => ({ id, ok: true })), succeeded: chunk.length, failed: 0 };
      },
      { fallback: 'Failed to update', chunkSize: 2 },
    );
    expect(outcome.results).toEqual([
      { id: 'id-0', ok: false, error: { code: 'FORBIDDEN', message: 'No permission' } },
      { id: 'id-1', ok: false, error: { code: 'FORBIDDEN', message: 'No permission' } },
      { id: 'id-2', ok: true },
    ]);
    expect(outcome).toMatchObject({ succeeded: 1, failed: 2 });
  });
});
