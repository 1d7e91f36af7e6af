// The review report of the visual suite: a failed comparison's reference and actual image, found where Vitest
// leaves them, come out side by side (with their difference) in one HTML page; the comparator's deliberate
// failures stay out of it.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { failedComparisons, writeReport } from './visual-report.mjs';

/** A PNG chunk: length, type, data and the CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 4×4 RGB PNG of one colour. */
function png(red: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(4, 0);
  header.writeUInt32BE(4, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, no interlace
  const row = Buffer.from([0, ...Array.from({ length: 4 }, () => [red, 80, 160]).flat()]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat([row, row, row, row]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

it('puts each changed story’s baseline and actual image in one report, and leaves the comparator’s proof out', () => {
  const root = mkdtempSync(join(tmpdir(), 'visual-report-'));
  const attachments = join(root, 'attachments', 'stories');
  const baselines = join(root, 'baselines', 'stories');
  for (const dir of [attachments, baselines]) mkdirSync(dir, { recursive: true });
  writeFileSync(join(baselines, 'ui-button--primary-chromium-linux.png'), png(10));
  writeFileSync(join(attachments, 'ui-button--primary-actual-chromium-linux.png'), png(200));
  writeFileSync(join(attachments, 'ui-button--primary-diff-chromium-linux.png'), png(255));
  writeFileSync(join(baselines, 'comparator-proof-primary-button-chromium-linux.png'), png(10));
  writeFileSync(join(attachments, 'comparator-proof-primary-button-actual-chromium-linux.png'), png(20));

  const failures = failedComparisons(join(root, 'attachments'), join(root, 'baselines'));
  expect(failures.map((failure) => failure.name)).toEqual(['ui-button--primary']);

  const report = writeReport(failures, join(root, 'report'));
  const html = readFileSync(report, 'utf8');
  expect(html).toContain('ui-button--primary.png');
  const summary = JSON.parse(readFileSync(join(root, 'report', 'reg.json'), 'utf8')) as {
    failedItems: string[];
  };
  expect(summary.failedItems).toEqual(['ui-button--primary.png']);
  // reg-cli runs as a process of its own: starting Node twice took over the default 5 s on a busy machine.
}, 30_000);
