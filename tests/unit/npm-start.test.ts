import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findElectronBinary } from '../../scripts/electron-binary.mjs';
import { makeTempDir } from './helpers/temp-console';

const root = join(import.meta.dirname, '..', '..');

describe('npm start', () => {
  // Where Electron can start, `npm start` opens a window instead; this checks the fallback.
  it.skipIf(findElectronBinary().path !== null)(
    'says in one line why Electron cannot start, then serves browser mode and prints the URL',
    async () => {
      const temp = makeTempDir();
      const child = spawn(
        process.execPath,
        [join(root, 'scripts', 'start.mjs'), '--port', '0', '--no-open'],
        {
          cwd: root,
          env: {
            ...process.env,
            CHECKOUT_CONSOLE_SKIP_BUILD: '1',
            CHECKOUT_CONSOLE_DATA_DIR: temp.dir,
            CHECKOUT_CONSOLE_KEYCHAIN: 'off',
          },
        },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      try {
        await expect
          .poll(() => output, { timeout: 15_000 })
          .toMatch(/Console ready at http:\/\/127\.0\.0\.1:\d+\/\?token=/);
        const fallbackLines = output
          .split('\n')
          .filter((line) => line.startsWith('Electron cannot start here: '));
        expect(fallbackLines).toHaveLength(1);
        expect(fallbackLines[0]).toMatch(/\. Starting browser mode instead\.$/);
      } finally {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
        temp.remove();
      }
    },
  );
});
