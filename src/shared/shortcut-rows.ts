import type { AppCommandId } from './app-commands';

/**
 * What each keyboard shortcut does, in the words the Settings view's table shows and
 * docs/settings.md's table holds (docs-shortcuts.test.ts holds them to the same): the view once
 * said "Focus the timeline filter" where the key focuses History's search on History, and "Send
 * (in the request builder)" where it also sends an order's operation from its editor.
 */
export const SHORTCUT_ROWS: readonly { command: AppCommandId; does: string }[] = [
  { command: 'command-palette', does: 'opens (and closes) the command palette' },
  {
    command: 'send',
    does: 'sends the request in the builder (in the raw JSON editor too, where it only sends: no blank line is added), and an order\'s operation in its editor (as its Send does); elsewhere says "Open the builder to send"',
  },
  { command: 'switch-profile-1', does: 'switches to the first nine profiles, in top-bar order' },
  {
    command: 'focus-timeline-filter',
    does: "focuses the filter's search box: History's on History, the Timeline's everywhere else (other views open the Timeline)",
  },
  { command: 'open-settings', does: 'opens Settings' },
];
