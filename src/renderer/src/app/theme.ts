import { Badge, createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'sm',
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  components: {
    // A badge is a word a QA engineer reads at a glance (RUNNING, WEBHOOK, invalid_signature):
    // never cut to "RUNNI…" when its row is tight. Rows wrap or scroll instead.
    Badge: Badge.extend({
      styles: { root: { minWidth: 'max-content', flexShrink: 0 }, label: { overflow: 'visible' } },
    }),
  },
});
