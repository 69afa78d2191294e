import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const EMULATOR = join(ROOT, 'src', 'main', 'emulator');
const errorsSection = (() => {
  const doc = readFileSync(join(ROOT, 'docs', 'service-rules.md'), 'utf8');
  const start = doc.indexOf('## Errors');
  return doc.slice(start, doc.indexOf('\n## ', start + 1));
})();

/** Every error code the emulator's own code can answer with (not the checkout findings'). */
function emulatorErrorCodes(): Set<string> {
  const codes = new Set<string>();
  const patterns = [
    /error_code:\s*'([a-z_]+)'/g,
    /EmulatorError\(\s*\d{3},\s*'([a-z_]+)'/g,
    /invalid\(\s*'([a-z_]+)'/g,
  ];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts'))
        for (const pattern of patterns)
          for (const match of readFileSync(path, 'utf8').matchAll(pattern)) codes.add(match[1] ?? '');
    }
  };
  walk(EMULATOR);
  return codes;
}

describe('docs/service-rules.md lists every error the emulator answers', () => {
  const codes = [...emulatorErrorCodes()];

  it('finds the codes it checks (the scan itself works)', () => {
    expect(codes).toEqual(
      expect.arrayContaining(['invalid_order_state', 'partial_cancel_not_supported', 'too_many_decimals']),
    );
  });

  it.each(codes)('%s', (code) => {
    expect(errorsSection).toContain(`\`${code}\``);
  });
});
