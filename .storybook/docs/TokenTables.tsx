// The Design tokens page's tables, drawn from src/ui/theme-tokens.ts (the values theme.css.ts makes into CSS
// variables), so the page shows exactly what the console uses and cannot drift from it.
import type { CSSProperties, ReactNode } from 'react';
import { contrastRatio } from '../../src/ui/theme-contrast';
import {
  CONTRAST_PAIRS,
  DECORATIVE_TOKENS,
  fontSizeTokens,
  fontTokens,
  fontWeightTokens,
  lineHeightTokens,
  radiusTokens,
  spaceTokens,
  themeColors,
  themeShadows,
  THEME_NAMES,
  type ColorToken,
  type ThemeName,
} from '../../src/ui/theme-tokens';

const cell: CSSProperties = { padding: '6px 12px', borderBottom: '1px solid #d5dae3', textAlign: 'left' };
const mono: CSSProperties = { fontFamily: fontTokens.mono, fontSize: 13 };

function Table({ head, children }: { head: string[]; children: ReactNode }) {
  return (
    <table style={{ borderCollapse: 'collapse', width: '100%', margin: '12px 0 24px' }}>
      <thead>
        <tr>
          {head.map((title) => (
            <th key={title} style={cell}>
              {title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

const ratio = (foreground: string, background: string) => contrastRatio(foreground, background).toFixed(2);

/**
 * The pairs a colour is drawn in as a foreground, with their ratio in one theme and the minimum they need; for a
 * colour only ever drawn on, what is drawn on it; for a decorative one, that it needs no contrast.
 */
function pairsOf(token: ColorToken, theme: ThemeName): string {
  const colors = themeColors[theme];
  const asForeground = CONTRAST_PAIRS.filter((pair) => pair.foreground === token);
  if (asForeground.length > 0) {
    return asForeground
      .map(
        (pair) =>
          `${ratio(colors[token], colors[pair.background])}:1 on ${pair.background} (≥ ${pair.minimum})`,
      )
      .join(', ');
  }
  if (DECORATIVE_TOKENS.includes(token)) return 'decorative: no contrast needed';
  const drawnOn = CONTRAST_PAIRS.filter((pair) => pair.background === token).map((pair) => pair.foreground);
  return `a background for ${[...new Set(drawnOn)].join(', ')}`;
}

/** Every colour token in both themes: a swatch, its value and its contrast against what it is drawn on. */
export function ColorTable() {
  const tokens = Object.keys(themeColors.light) as ColorToken[];
  return (
    <Table head={['Token', ...THEME_NAMES.map((theme) => `${theme} theme`)]}>
      {tokens.map((token) => (
        <tr key={token}>
          <td style={{ ...cell, ...mono }}>{token}</td>
          {THEME_NAMES.map((theme) => {
            const value = themeColors[theme][token];
            return (
              <td key={theme} style={cell}>
                <span style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                  <span
                    aria-hidden="true"
                    style={{
                      width: 32,
                      height: 24,
                      borderRadius: 4,
                      border: '1px solid #8a94a6',
                      background: value,
                      flex: 'none',
                    }}
                  />
                  <span>
                    <span style={mono}>{value}</span>
                    <br />
                    <small>{pairsOf(token, theme)}</small>
                  </span>
                </span>
              </td>
            );
          })}
        </tr>
      ))}
    </Table>
  );
}

/** Spacing steps, drawn as bars of their length. */
export function SpaceTable() {
  return (
    <Table head={['Token', 'Value', '']}>
      {Object.entries(spaceTokens).map(([name, value]) => (
        <tr key={name}>
          <td style={{ ...cell, ...mono }}>space.{name}</td>
          <td style={{ ...cell, ...mono }}>{value}</td>
          <td style={cell}>
            <span
              style={{ display: 'block', width: value, height: 12, background: themeColors.light.primary }}
            />
          </td>
        </tr>
      ))}
    </Table>
  );
}

/** The type scale: each size with a line of text, the families and weights. */
export function TypeTable() {
  return (
    <>
      <Table head={['Token', 'Value', 'Sample']}>
        {Object.entries(fontSizeTokens).map(([name, value]) => (
          <tr key={name}>
            <td style={{ ...cell, ...mono }}>fontSize.{name}</td>
            <td style={{ ...cell, ...mono }}>{value}</td>
            <td style={{ ...cell, fontFamily: fontTokens.body, fontSize: value }}>Certificate SN-1002</td>
          </tr>
        ))}
      </Table>
      <Table head={['Token', 'Value', 'Sample']}>
        {Object.entries(fontWeightTokens).map(([name, value]) => (
          <tr key={name}>
            <td style={{ ...cell, ...mono }}>fontWeight.{name}</td>
            <td style={{ ...cell, ...mono }}>{value}</td>
            <td style={{ ...cell, fontFamily: fontTokens.body, fontWeight: Number(value) }}>
              Acme Animation
            </td>
          </tr>
        ))}
        {Object.entries(lineHeightTokens).map(([name, value]) => (
          <tr key={name}>
            <td style={{ ...cell, ...mono }}>lineHeight.{name}</td>
            <td style={{ ...cell, ...mono }}>{value}</td>
            <td style={cell} />
          </tr>
        ))}
        {Object.entries(fontTokens).map(([name, value]) => (
          <tr key={name}>
            <td style={{ ...cell, ...mono }}>font.{name}</td>
            <td style={{ ...cell, ...mono }}>{value}</td>
            <td style={{ ...cell, fontFamily: value }}>lc_G7ida5 0123456789</td>
          </tr>
        ))}
      </Table>
    </>
  );
}

/** Radii and shadows, each on a sample card (shadows in both themes). */
export function ShapeTable() {
  const card = (style: CSSProperties, background = '#ffffff') => (
    <span
      style={{ display: 'block', width: 96, height: 48, background, border: '1px solid #c9d0db', ...style }}
    />
  );
  return (
    <>
      <Table head={['Token', 'Value', '']}>
        {Object.entries(radiusTokens).map(([name, value]) => (
          <tr key={name}>
            <td style={{ ...cell, ...mono }}>radius.{name}</td>
            <td style={{ ...cell, ...mono }}>{value}</td>
            <td style={cell}>{card({ borderRadius: value })}</td>
          </tr>
        ))}
      </Table>
      <Table head={['Token', ...THEME_NAMES.map((theme) => `${theme} theme`)]}>
        {(Object.keys(themeShadows.light) as (keyof typeof themeShadows.light)[]).map((name) => (
          <tr key={name}>
            <td style={{ ...cell, ...mono }}>shadow.{name}</td>
            {THEME_NAMES.map((theme) => (
              <td key={theme} style={{ ...cell, background: themeColors[theme].background }}>
                <span style={{ ...mono, color: themeColors[theme].text }}>{themeShadows[theme][name]}</span>
                {card(
                  { boxShadow: themeShadows[theme][name], borderRadius: radiusTokens.lg, marginTop: 8 },
                  themeColors[theme].surface,
                )}
              </td>
            ))}
          </tr>
        ))}
      </Table>
    </>
  );
}
