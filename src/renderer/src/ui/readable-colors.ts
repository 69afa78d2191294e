import type { CSSProperties } from '@mantine/core';

/**
 * The hues a status, a verdict or a finding is told by; grape marks what is not the service's
 * own (a replay, a forward, a crafted token: provenance).
 */
export type SignalHue = 'green' | 'teal' | 'blue' | 'orange' | 'red' | 'yellow' | 'grape';

export const SIGNAL_HUES: readonly SignalHue[] = [
  'green',
  'teal',
  'blue',
  'orange',
  'red',
  'yellow',
  'grape',
];

/**
 * Each hue's deep shade: the light theme's text, and a filled chip's background in both themes.
 * Mantine's own fail WCAG AA (4.5:1) where a QA engineer reads a key value: its light text and
 * filled shade 6 (a 200 in green on white 2.36:1, white on a finding's orange 2.57:1), its dark
 * filled shade 8 (white on orange 3.58:1); even shade 9 is 4.37:1 for green, 4.30:1 for orange.
 * So each is shade 9, darkened (mixed with black) only as far as it must be to read 5.8:1 on
 * white and 4.6:1 on the lightest tint it sits on (a selected row, its own light chip); the hue
 * stays. readable-colors.test.ts holds every pair to 4.5:1.
 */
export const DEEP_SHADE: Record<SignalHue, string> = {
  green: '#247333', // green 9 #2b8a3e, 17 % darker
  teal: '#077252', // teal 9 #087f5b, 10 % darker
  blue: '#1864ab', // blue 9
  orange: '#b43c0c', // orange 9 #d9480f, 17 % darker
  red: '#bf2828', // red 9 #c92a2a, 5 % darker
  yellow: '#9c5100', // yellow 9 #e67700, 32 % darker (text only: a chip stays yellow, below)
  grape: '#862e9c', // grape 9 (Mantine's filled grape, shade 6, is white at 4.02:1)
};

/**
 * Secondary text (Mantine's `dimmed`: hints, counts, timestamps, a field's description). Mantine's
 * own read 3.32:1 on the light page (gray 6) and 4.04:1 on the dark one (dark 2), 2.6:1 on a
 * selected row: each is moved only as far as it must be to read 4.5:1 on the page, a hovered row
 * and a selected one, and stays grey.
 */
export const DIMMED_TEXT = { light: '#5f666d', dark: '#9a9a9a' } as const;

/** The dark theme's text: shade 4, 6:1 or more on the dark page and on a selected row. */
const DARK_TEXT_SHADE = 4;

/**
 * The dark theme's light tint of orange (a light chip's background, a warning box's): Mantine
 * darkens shade 9 by half, and its orange 9 (#d9480f, hue 17°) came out #6d2408 beside red's
 * #651515, so a box of warnings read as a box of errors. Orange 6 (#fd7e14, hue 27°) darkened
 * 60 % (its hover 50 %) keeps orange's hue, and its text still reads 4.5:1 on it.
 */
export const DARK_ORANGE_TINT = { light: '#653208', hover: '#7f3f0a' } as const;

/**
 * A filled chip in white on the deep shade, in both themes; yellow keeps its hue as black on
 * yellow 6 (11:1), as Mantine's autoContrast would draw it.
 */
function filledChipOf(hue: SignalHue): { background: string; color: string } {
  return hue === 'yellow'
    ? { background: 'var(--mantine-color-yellow-6)', color: 'var(--mantine-color-black)' }
    : { background: DEEP_SHADE[hue], color: 'var(--mantine-color-white)' };
}

/**
 * The theme's variables for these colours, per scheme (theme.ts hands them to Mantine):
 * `--cc-<hue>-text`, `--cc-<hue>-filled` and `--cc-<hue>-on-filled`, and Mantine's own
 * `--mantine-color-<hue>-text`, `--mantine-color-dimmed` and, in the dark, orange's light tint.
 */
export function readableColorVariables(): {
  light: Record<string, string>;
  dark: Record<string, string>;
} {
  const light: Record<string, string> = { '--mantine-color-dimmed': DIMMED_TEXT.light };
  const dark: Record<string, string> = { '--mantine-color-dimmed': DIMMED_TEXT.dark };
  for (const hue of SIGNAL_HUES) {
    const chip = filledChipOf(hue);
    const text = { light: DEEP_SHADE[hue], dark: `var(--mantine-color-${hue}-${DARK_TEXT_SHADE})` };
    // Mantine's own text of a hue (`<Text c="orange">`, an Alert's title, an Anchor) is the
    // same readable one: its light orange read 2.57:1 on white in small hints.
    for (const name of [`--cc-${hue}-text`, `--mantine-color-${hue}-text`]) {
      light[name] = text.light;
      dark[name] = text.dark;
    }
    for (const scheme of [light, dark]) {
      scheme[`--cc-${hue}-filled`] = chip.background;
      scheme[`--cc-${hue}-on-filled`] = chip.color;
    }
  }
  // A red button (Delete, Clear: variant subtle or light) draws its words in red's light-color,
  // which Mantine's dark theme makes red 0, near white: a subtle Delete lost its red and read as
  // any other button (t74). The dark theme's red text instead, as its statuses use.
  dark['--mantine-color-red-light-color'] = readableText('red');
  // So did orange's: the Orders view's "Send anyway (out of order)" read near white (t77).
  dark['--mantine-color-orange-light-color'] = readableText('orange');
  dark['--mantine-color-orange-light'] = DARK_ORANGE_TINT.light;
  dark['--mantine-color-orange-light-hover'] = DARK_ORANGE_TINT.hover;
  return { light, dark };
}

/** A hue as text on the page, readable in either theme. */
export const readableText = (hue: SignalHue): string => `var(--cc-${hue}-text)`;

/** A filled chip's colours (a verdict that is not good, a count of findings), readable in either theme. */
export const filledChip = (hue: SignalHue): CSSProperties => ({
  background: `var(--cc-${hue}-filled)`,
  color: `var(--cc-${hue}-on-filled)`,
});

/** A light chip's colours (a good verdict): Mantine's tint, with the hue's readable text on it. */
export const lightChip = (hue: SignalHue): CSSProperties => ({
  background: `var(--mantine-color-${hue}-light)`,
  color: readableText(hue),
});

/**
 * A Mantine Badge in these colours: its own variables, set on its root (they win over the ones
 * its `color` and `variant` would set).
 */
export const badgeColors = (hue: SignalHue, variant: 'filled' | 'light'): CSSProperties => {
  const chip = variant === 'filled' ? filledChip(hue) : lightChip(hue);
  return { '--badge-bg': chip['background'], '--badge-color': chip['color'] };
};

/** An HTTP status's hue, the same in every view: 2xx green, 3xx blue, 4xx orange, 5xx red. */
export function statusHue(status: number): SignalHue {
  if (status >= 500) return 'red';
  if (status >= 400) return 'orange';
  if (status >= 300) return 'blue';
  return 'green';
}
