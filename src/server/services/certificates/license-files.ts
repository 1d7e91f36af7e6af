// Licence files as downloads: the file name and text of one licence (the single download), and the zip of many
// (`POST /certificates/download`), streamed with yazl: small, without dependencies, and it writes each
// entry as it is added, so the answer starts with the first licence and never holds the whole archive.
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { BULK_DOWNLOAD_MESSAGES } from '../../../contract/certificates';
import { licenseFileSchema } from '../../../contract/licensing';
import { conflict } from '../../errors';
import type { DownloadResult } from './lifecycle';

/** A file name made only of `A-Za-z0-9._-`, every other character replaced by `_`. */
export const safeFileName = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, '_');

/** `license-{name}.json`: a licence file named after a serial number (or a certificate id). */
export const licenseFileName = (name: string) => `license-${safeFileName(name)}.json`;

/**
 * The file's text exactly as the single download answers it: the contract's shape serialized as the route's
 * serializer does (fastify-type-provider-zod: the schema's output, then JSON.stringify).
 */
export const licenseFileText = (file: DownloadResult['file']) =>
  JSON.stringify(licenseFileSchema.parse(file));

/** `licences-2026-06-15.zip`: the zip of a bulk download, named after the day (UTC) it was made. */
export const licensesZipName = (at: Date) => `licences-${at.toISOString().slice(0, 10)}.zip`;

/**
 * The zip of every licence `downloads` yields, `license-{serialNumber}.json` each, in the order they come. The
 * first one is awaited before anything is answered: when there is none, this throws the 409 of
 * BULK_DOWNLOAD_MESSAGES before any byte is sent. The rest are added as they come; a failure then can only abort
 * the stream (the status line is out), and a client that goes away stops the downloads that are left.
 */
export async function licenseZip(downloads: AsyncIterable<DownloadResult>, at: Date): Promise<Readable> {
  const iterator = downloads[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) throw conflict(BULK_DOWNLOAD_MESSAGES.nothingToDownload);

  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  const names = new Set<string>();
  const add = ({ certificate, file }: DownloadResult) => {
    // Two certificates of one serial number (validity periods one after the other) may both be in force: the
    // second is named after its id, as `GET /certificates/{id}/download` names it, so neither overwrites the other.
    let name = licenseFileName(certificate.serialNumber);
    if (names.has(name)) name = licenseFileName(`${certificate.serialNumber}-${certificate.uuid}`);
    names.add(name);
    zip.addBuffer(Buffer.from(licenseFileText(file), 'utf8'), name, { mtime: at });
  };

  add(first.value);
  void (async () => {
    try {
      for (;;) {
        // Checked before the next download, which marks its certificate distributed.
        if (output.destroyed) {
          await iterator.return?.();
          return;
        }
        const next = await iterator.next();
        if (next.done) break;
        add(next.value);
      }
      zip.end();
    } catch (error) {
      output.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return output;
}
