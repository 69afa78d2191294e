/**
 * Monospace for what the user types (URLs, paths, JSON), not for the field's label; at most the
 * theme's `--cc-mono-input-fz` (see theme.ts: why not 14 px), smaller inputs keeping their size.
 */
export const monoInput = {
  styles: {
    input: {
      fontFamily: 'var(--mantine-font-family-monospace)',
      fontSize: 'min(var(--input-fz, var(--mantine-font-size-sm)), var(--cc-mono-input-fz))',
    },
  },
} as const;
