import { describe, expect, it } from 'vitest';
import { breakPoints } from './break-points';

describe('breakPoints', () => {
  it("breaks after the @ and before each of the domain's dots, keeping every character", () => {
    expect(breakPoints('licensing10000@client10000.example')).toEqual([
      'licensing10000@',
      'client10000',
      '.example',
    ]);
    // The mailbox's dots are not places to break.
    expect(breakPoints('first.last@mail.example.test')).toEqual(['first.last@', 'mail', '.example', '.test']);
    // A quoted mailbox may hold an @ of its own: the domain starts after the last one.
    expect(breakPoints('"a@b"@example.test')).toEqual(['"a@b"@', 'example', '.test']);
    expect(breakPoints('a@b.c').join('')).toBe('a@b.c');
  });

  it('leaves a value with no @ whole', () => {
    expect(breakPoints('no.body')).toEqual(['no.body']);
    expect(breakPoints('')).toEqual(['']);
  });
});
