import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appCommandShortcut } from '../../src/shared/app-commands';
import { SHORTCUT_ROWS } from '../../src/shared/shortcut-rows';

/**
 * The Settings view's shortcut table and docs/settings.md's say the same: the view said "Focus
 * the timeline filter" and "Send (in the request builder)" while the manual said what the keys
 * do (History's search on History, an order's operation from its editor).
 */
const docsRows = (): [string, string][] => {
  const text = readFileSync(join(__dirname, '../../docs/settings.md'), 'utf8');
  const section = text.slice(text.indexOf('## Keyboard shortcuts'));
  return [...section.matchAll(/^\| `([^`]+)`\s*\| (.+?)\s*\|$/gm)].map((match) => [
    match[1] ?? '',
    match[2] ?? '',
  ]);
};

describe('the keyboard shortcuts', () => {
  it("are the manual's table, key for key and word for word", () => {
    const rows = SHORTCUT_ROWS.map(({ command, does }) => {
      const keys = (appCommandShortcut(command) ?? '').replace(/^mod\+/, 'Ctrl/Cmd+');
      return [command === 'switch-profile-1' ? keys.replace(/1$/, '1…9') : keys, does];
    });
    expect(rows).toEqual(docsRows());
  });
});
