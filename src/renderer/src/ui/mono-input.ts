/** Monospace for what the user types (URLs, paths, JSON), not for the field's label. */
export const monoInput = {
  styles: { input: { fontFamily: 'var(--mantine-font-family-monospace)' } },
} as const;
