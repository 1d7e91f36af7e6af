import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, csvStream, csvStreamReady } from './csv';

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    [null, ''],
    [42, '42'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1 555', "'+1 555"],
    ['-2', "'-2"],
    ['@cmd', "'@cmd"],
    ['\tindent', "'\tindent"],
    ['\rreturn', '"\'\rreturn"'],
    ['=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
    ['a=b', 'a=b'],
  ])('writes %j as %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('ends lines with CRLF', () => {
    expect(csvLine(['a', 'b,c', 3])).toBe('a,"b,c",3\r\n');
  });

  it('streams the header and then every batch', async () => {
    async function* batches() {
      yield [{ n: 1 }, { n: 2 }];
      yield [{ n: 3 }];
    }
    let text = '';
    for await (const chunk of csvStream(['N'], batches(), (row) => [row.n])) text += String(chunk);
    expect(text).toBe('N\r\n1\r\n2\r\n3\r\n');
  });
});

describe('csvStreamReady', () => {
  it('fails before returning a stream when the first batch fails, and streams every batch otherwise', async () => {
    // eslint-disable-next-line require-yield -- a query that fails before its first row
    async function* failing(): AsyncGenerator<{ n: number }[]> {
      throw new Error('query failed');
    }
    await expect(csvStreamReady(['N'], failing(), (row) => [row.n])).rejects.toThrow('query failed');
    async function* batches() {
      yield [{ n: 1 }];
      yield [{ n: 2 }];
    }
    let text = '';
    for await (const chunk of await csvStreamReady(['N'], batches(), (row) => [row.n])) text += String(chunk);
    expect(text).toBe('N\r\n1\r\n2\r\n');
    let empty = '';
    async function* none(): AsyncGenerator<{ n: number }[]> {}
    for await (const chunk of await csvStreamReady(['N'], none(), (row) => [row.n])) empty += String(chunk);
    expect(empty).toBe('N\r\n');
  });
});
