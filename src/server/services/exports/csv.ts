// CSV exports (RFC 4180: comma-separated, CRLF line ends, quoted when needed), safe to open in a spreadsheet.
import { Readable } from 'node:stream';

// A cell a spreadsheet would read as a formula (OWASP "CSV injection") starts with one of these.
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: formula-looking text prefixed with `'`, then quoted when it holds a quote, comma or line break. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line, CRLF-terminated. */
export const csvLine = (cells: readonly (string | number | boolean | null | undefined)[]) =>
  `${cells.map(csvCell).join(',')}\r\n`;

/** A stream of the header line and then every row of every batch, pulled batch by batch as the client reads. */
export function csvStream<T>(
  header: readonly string[],
  batches: AsyncIterable<T[]>,
  toCells: (row: T) => (string | number | boolean | null)[],
): Readable {
  async function* lines() {
    yield csvLine(header);
    for await (const batch of batches) yield batch.map((row) => csvLine(toCells(row))).join('');
  }
  return Readable.from(lines(), { objectMode: false });
}

/**
 * `csvStream`, once the first batch has been read: a query that fails does so before the answer's status line and
 * first byte, so the caller answers with the contract's error body instead of a 200 file cut short. A failure in a
 * later batch can only abort the stream (the status is sent by then); the batches run the same query with another
 * cursor, so what input can break breaks the first one.
 */
export async function csvStreamReady<T>(
  header: readonly string[],
  batches: AsyncIterable<T[]>,
  toCells: (row: T) => (string | number | boolean | null)[],
): Promise<Readable> {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* all(): AsyncGenerator<T[]> {
    try {
      if (first.done) return;
      yield first.value;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    } finally {
      // A client that goes away mid-file ends the batches too.
      await iterator.return?.();
    }
  }
  return csvStream(header, all(), toCells);
}

/** ISO 8601 UTC text of an epoch-ms date, or '' when there is none. */
export const csvDate = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString());

/** A `Content-Disposition` value for a download. */
export const attachment = (filename: string) => `attachment; filename="${filename}"`;
