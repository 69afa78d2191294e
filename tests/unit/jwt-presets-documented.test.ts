import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOKEN_PRESET_INFO, TOKEN_PRESETS } from '../../src/shared/jwt/token-presets';

// The inspector and Replay offered HS512, which docs/jwt-inspector.md's table of presets left out.
const doc = readFileSync(join(__dirname, '../../docs/jwt-inspector.md'), 'utf8');

/** The first column of the table under "| Preset |". */
function documentedPresets(): string[] {
  const lines = doc.split('\n');
  const head = lines.findIndex((line) => /^\|\s*Preset\s*\|/.test(line));
  expect(head).toBeGreaterThan(-1);
  const rows: string[] = [];
  for (const line of lines.slice(head + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line.split('|')[1]?.trim() ?? '');
  }
  return rows;
}

describe('docs/jwt-inspector.md', () => {
  it('lists every preset the window offers, and no other', () => {
    expect(documentedPresets()).toEqual(TOKEN_PRESETS.map((preset) => TOKEN_PRESET_INFO[preset].label));
  });
});
