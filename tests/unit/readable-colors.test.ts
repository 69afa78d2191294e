import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import {
  readableColorVariables,
  SIGNAL_HUES,
  statusHue,
  type SignalHue,
} from '../../src/renderer/src/ui/readable-colors';

// WCAG AA for normal text: every status, verdict and finding colour reads 4.5:1 in both themes,
// on the page, on a selected row's tint and in its chip. Mantine's own shades did not (a 200 in
// green on white 2.36:1, white on a finding's orange 2.57:1 light and 3.58:1 dark).

const colors = DEFAULT_THEME.colors;
const shade = (hue: string, index: number): string => colors[hue]?.[index] ?? 'missing';

/** A variable's value as a hex colour: Mantine's palette variables resolved as the default theme has them. */
function resolve(value: string): string {
  const named = /^var\(--mantine-color-(white|black)\)$/.exec(value);
  if (named !== null) return named[1] === 'white' ? '#ffffff' : '#000000';
  const palette = /^var\(--mantine-color-([a-z]+)-(\d)\)$/.exec(value);
  if (palette !== null) return shade(palette[1] ?? '', Number(palette[2]));
  if (/^#[0-9a-f]{6}$/i.test(value)) return value;
  throw new Error(`cannot resolve ${value}`);
}

const luminance = (hex: string) =>
  [1, 3, 5]
    .map((at) => parseInt(hex.slice(at, at + 2), 16) / 255)
    .map((value) => (value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4))
    .reduce((sum, value, index) => sum + value * ([0.2126, 0.7152, 0.0722][index] ?? 0), 0);

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/** What each scheme draws these colours on: the page, a selected row (the primary tint), a hover. */
const SURFACES = {
  light: { page: '#ffffff', 'selected row': shade('indigo', 1), hover: shade('gray', 0) },
  // Mantine 9's dark page (dark 7), a hovered row (dark 6) and its primary tint, rgba(27, 40, 100, 1).
  dark: { page: shade('dark', 7), 'selected row': '#1b2864', hover: shade('dark', 6) },
} as const;

/** Mantine 9's light-chip tints: shade 1 in the light theme, these solid colours in the dark. */
const MANTINE_DARK_LIGHT_TINT: Record<SignalHue, string> = {
  green: '#16451f',
  teal: '#04402e',
  blue: '#0c3256',
  orange: '#6d2408',
  red: '#651515',
  yellow: '#733c00',
  grape: '#43174e',
};

const hueOf = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
};

describe('readable status, verdict and finding colours', () => {
  const variables = readableColorVariables();
  /** The dark tints as drawn: the console's own where it sets one, Mantine's otherwise. */
  const darkLightTint = (hue: SignalHue): string =>
    variables.dark[`--mantine-color-${hue}-light`] ?? MANTINE_DARK_LIGHT_TINT[hue];

  for (const scheme of ['light', 'dark'] as const) {
    for (const hue of SIGNAL_HUES) {
      it(`${hue} reads 4.5:1 in the ${scheme} theme, as text and as a chip`, () => {
        const vars = variables[scheme];
        const text = resolve(vars[`--cc-${hue}-text`] ?? 'missing');
        const surfaces: Record<string, string> = {
          ...SURFACES[scheme],
          'its light chip': scheme === 'light' ? shade(hue, 1) : darkLightTint(hue),
        };
        const ratios = Object.fromEntries(
          Object.entries(surfaces).map(([name, surface]) => [name, contrast(text, surface)]),
        );
        ratios['filled chip'] = contrast(
          resolve(vars[`--cc-${hue}-on-filled`] ?? 'missing'),
          resolve(vars[`--cc-${hue}-filled`] ?? 'missing'),
        );
        for (const [name, ratio] of Object.entries(ratios))
          expect(ratio, `${scheme} ${hue} on ${name}`).toBeGreaterThanOrEqual(4.5);
      });
    }
  }

  for (const scheme of ['light', 'dark'] as const) {
    it(`secondary (dimmed) text reads 4.5:1 in the ${scheme} theme, and stays grey`, () => {
      const dimmed = resolve(variables[scheme]['--mantine-color-dimmed'] ?? 'missing');
      for (const [name, surface] of Object.entries(SURFACES[scheme]))
        expect(contrast(dimmed, surface), `${scheme} dimmed on ${name}`).toBeGreaterThanOrEqual(4.5);
      const [r, g, b] = [1, 3, 5].map((at) => parseInt(dimmed.slice(at, at + 2), 16));
      expect(Math.max(r ?? 0, g ?? 0, b ?? 0) - Math.min(r ?? 0, g ?? 0, b ?? 0)).toBeLessThan(20);
    });
  }

  it('keeps the hue: each deep shade is its own hue, not Mantine shade 6 of another', () => {
    // A status's meaning is its hue: 2xx green, 3xx blue, 4xx orange, 5xx red.
    expect([200, 302, 409, 500].map(statusHue)).toEqual(['green', 'blue', 'orange', 'red']);
    for (const hue of SIGNAL_HUES) {
      const deep = resolve(variables.light[`--cc-${hue}-text`] ?? 'missing');
      expect(Math.abs(hueOf(deep) - hueOf(shade(hue, 6))), hue).toBeLessThan(12);
    }
  });

  it("tells a warning's box from an error's in the dark theme: orange's tint keeps orange's hue", () => {
    // Mantine's two came out #6d2408 and #651515, 17° apart: a box of warnings read as errors.
    const orange = hueOf(darkLightTint('orange'));
    expect(orange - hueOf(darkLightTint('red')), 'orange tint hue minus red tint hue').toBeGreaterThanOrEqual(
      25,
    );
    expect(Math.abs(orange - hueOf(shade('orange', 6))), 'orange tint against orange 6').toBeLessThan(3);
  });
});
