import { describe, expect, it } from 'vitest';
import { consoleCommandOn, dataDirToName } from '../../src/main/console-command';
import { osUserDataDir } from '../../src/main/data-dir';
import { consoleCommandNaming } from '../../src/shared/console-command';

// The commands the console prints for a person to paste (a hint, a refusal's way out, the
// sign-in page) have one owner: pasted into another shell, a command without `--data-dir` acts
// on the default data directory, whatever `--data-dir` or CHECKOUT_CONSOLE_DATA_DIR this
// console was started with.

const DEFAULT_DIR = '/home/q/.config/checkout-console';

describe('consoleCommandNaming', () => {
  it('runs the CLI as the README does, naming no data directory for the default', () => {
    expect(consoleCommandNaming(null)('profiles set Local --api-token -')).toBe(
      'npx checkout-console profiles set Local --api-token -',
    );
  });

  it('names another data directory before the command, quoted for a POSIX shell', () => {
    expect(consoleCommandNaming('/tmp/qa')('emulator')).toBe(
      'npx checkout-console --data-dir /tmp/qa emulator',
    );
    expect(consoleCommandNaming("/tmp/qa's $HOME")('open --port 4401')).toBe(
      `npx checkout-console --data-dir '/tmp/qa'\\''s $HOME' open --port 4401`,
    );
  });
});

describe('consoleCommandOn', () => {
  it('leaves out the default data directory, and names any other one absolute', () => {
    expect(consoleCommandOn(DEFAULT_DIR, DEFAULT_DIR)('serve')).toBe('npx checkout-console serve');
    expect(consoleCommandOn(`${DEFAULT_DIR}/`, DEFAULT_DIR)('serve')).toBe('npx checkout-console serve');
    expect(consoleCommandOn('/tmp/qa', DEFAULT_DIR)('serve')).toBe(
      'npx checkout-console --data-dir /tmp/qa serve',
    );
    // Relative to where this console started: another shell may be somewhere else.
    expect(dataDirToName('qa', DEFAULT_DIR)).toBe(`${process.cwd()}/qa`);
  });

  it("compares with the OS's per-user folder when no default is given", () => {
    expect(dataDirToName(osUserDataDir())).toBeNull();
    expect(dataDirToName('/tmp/not-the-default')).toBe('/tmp/not-the-default');
  });
});
