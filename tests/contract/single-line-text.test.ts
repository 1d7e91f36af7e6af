import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  controlCharactersMessage,
  invisibleCharactersMessage,
  multiLineText,
  singleLineText,
} from '../../src/contract/common';

const name = singleLineText(z.string(), 'Name');
const notes = multiLineText(z.string(), 'Notes');
const messageOf = (result: ReturnType<typeof name.safeParse>) => result.error?.issues[0]?.message;

describe('the single-line text rule', () => {
  it('refuses every bidirectional control and zero-width character, saying they are invisible', () => {
    const refused = [
      ...Array.from({ length: 5 }, (_, i) => 0x202a + i),
      ...Array.from({ length: 4 }, (_, i) => 0x2066 + i),
      0x200b,
      0x200c,
      0x200d,
      0xfeff,
    ];
    for (const code of refused) {
      const result = name.safeParse(`Ada${String.fromCharCode(code)}Lovelace`);
      expect(messageOf(result), code.toString(16)).toBe(invisibleCharactersMessage('Name'));
    }
  });

  it('names a control character first when a text holds both kinds', () => {
    expect(messageOf(name.safeParse('A\u202e\u001bB'))).toBe(controlCharactersMessage('Name'));
    expect(messageOf(name.safeParse('A\tB'))).toBe(controlCharactersMessage('Name'));
  });

  it('keeps visible text of every script, and the neighbours of the refused ranges', () => {
    for (const text of ['Émile Zoë', '東京', 'שלום', 'مرحبا', '\u2010dash\u2011', '\u2070', '\u202f'])
      expect(name.safeParse(text).success, text).toBe(true);
  });

  it('leaves multi-line texts their joiners and direction marks', () => {
    expect(notes.safeParse('Team 👩\u200d💻\n\u202bשלום\u202c').success).toBe(true);
  });
});
