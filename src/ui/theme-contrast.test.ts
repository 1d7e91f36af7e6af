import { describe, expect, it } from 'vitest';
import { contrastRatio } from './theme-contrast';
import { CONTRAST_PAIRS, DECORATIVE_TOKENS, THEME_NAMES, themeColors, type ColorToken } from './theme-tokens';

describe('contrastRatio', () => {
  it('matches the WCAG reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // #767676 on white is the well-known smallest grey that passes 4.5:1.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
  });

  it('rejects colours it cannot read', () => {
    expect(() => contrastRatio('rgba(0,0,0,1)', '#ffffff')).toThrow('Not a #rrggbb colour');
  });
});

describe.each(THEME_NAMES)('the %s theme', (theme) => {
  const colors = themeColors[theme];

  it.each(CONTRAST_PAIRS.map((pair) => [pair.foreground, pair.background, pair.minimum] as const))(
    '%s on %s reaches %s:1',
    (foreground, background, minimum) => {
      expect(contrastRatio(colors[foreground], colors[background])).toBeGreaterThanOrEqual(minimum);
    },
  );

  it('has every colour token in a contrast pair unless it is decorative', () => {
    const paired = new Set<ColorToken>(CONTRAST_PAIRS.flatMap((pair) => [pair.foreground, pair.background]));
    const unchecked = (Object.keys(colors) as ColorToken[]).filter(
      (token) => !paired.has(token) && !DECORATIVE_TOKENS.includes(token),
    );
    expect(unchecked).toEqual([]);
  });
});
