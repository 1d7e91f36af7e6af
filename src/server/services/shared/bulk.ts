// Bulk actions (src/contract/bulk.ts): the single action run on every id in turn, each in its own
// transaction with exactly that action's rules, so a bulk call can never do what the single calls would refuse.
// One id's refusal (an HttpError: not found, forbidden, an invalid transition) is that id's outcome and the others
// go on; anything else is a fault, not an outcome, and ends the call with a 500 like any other fault (the ids
// already done stay done, as they would after as many single calls).
import type { ActiveStatus, BulkOutcome, BulkResult } from '../../../contract/bulk';
import { HttpError } from '../../errors';

/** Each id's outcome, in the order sent: the action's answer, or the refusal the single call would answer. */
export async function* outcomesOf<Answer>(
  ids: readonly string[],
  one: (id: string) => Promise<Answer>,
): AsyncGenerator<{ id: string; ok: true; answer: Answer } | { id: string; ok: false; error: HttpError }> {
  // One after the other, not concurrently: every action takes the same counter rows last (services/shared/counters.ts),
  // so parallel transactions would only queue on them, and on PGlite there is one connection anyway.
  for (const id of ids) {
    try {
      yield { id, ok: true, answer: await one(id) };
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      yield { id, ok: false, error };
    }
  }
}

/** Runs `one` on every id and answers `{results, succeeded, failed}`; `statusOf` reads the row's status after it. */
export async function runBulk<Answer, Status>(
  ids: readonly string[],
  one: (id: string) => Promise<Answer>,
  statusOf: (answer: Answer) => Status | undefined,
): Promise<BulkOutcome<Status>> {
  const results: BulkResult<Status>[] = [];
  for await (const outcome of outcomesOf(ids, one)) {
    if (outcome.ok) {
      const status = statusOf(outcome.answer);
      results.push({ id: outcome.id, ok: true, ...(status === undefined ? {} : { status }) });
    } else {
      const { code, message } = outcome.error;
      results.push({ id: outcome.id, ok: false, error: { code, message } });
    }
  }
  const succeeded = results.filter((result) => result.ok).length;
  return { results, succeeded, failed: results.length - succeeded };
}

/** How a user or a client reads in a bulk outcome. */
export const activeStatus = (row: { isActive: boolean }): ActiveStatus =>
  row.isActive ? 'active' : 'inactive';
