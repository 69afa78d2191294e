import { Badge, createTheme, Modal, type CSSVariablesResolver } from '@mantine/core';
import { readableColorVariables } from '@ui/readable-colors';

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
    // Escape is not each modal's own: it closes the dialog on top alone (topmost-dialog-escape.ts).
    // Mantine's, one listener per open modal, closed a confirmation and the dialog beneath it.
    Modal: Modal.extend({ defaultProps: { closeOnEscape: false } }),
  },
});

/**
 * `--cc-mono-input-fz`: the size of monospace text typed into an input (mono-input.ts, the item
 * rows' plain inputs), 13 px as in the raw editor. At 14 px, an input's default, Chromium clips
 * the underscore of DejaVu Sans Mono (the monospace font of most Linux desktops) out of the
 * input's text box: `hessa_al-dosari@example.com` read as "hessa al-dosari@…".
 *
 * `--cc-<hue>-text`, `-filled`, `-on-filled`: statuses, verdicts and findings in shades that
 * read 4.5:1 in either theme (readable-colors.ts).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: { '--cc-mono-input-fz': '0.8125rem' },
  ...readableColorVariables(),
});
