import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../src/main/log';
import { makeTempDir } from './helpers/temp-console';

const temps: { remove: () => void }[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  temps.splice(0).forEach((temp) => temp.remove());
});

describe('the console log', () => {
  it('keeps every line in its file and echoes only warnings and errors to standard error', () => {
    const temp = makeTempDir();
    temps.push(temp);
    const echoed: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      echoed.push(String(chunk));
      return true;
    });
    const log = createLogger(temp.dir, { stderr: true });
    log.info('listening');
    log.warn('no keychain');
    log.error('could not record');
    log.close();
    // `listen` prints where it listens on standard output; the same news as an info line is noise.
    expect(echoed).toEqual(['warning: no keychain\n', 'error: could not record\n']);
    const lines = readFileSync(join(temp.dir, 'console.log'), 'utf8').trim().split('\n');
    expect(lines.map((line) => line.split(' ').slice(1).join(' '))).toEqual([
      'INFO listening',
      'WARN no keychain',
      'ERROR could not record',
    ]);
  });

  it('echoes nothing when not asked to', () => {
    const temp = makeTempDir();
    temps.push(temp);
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const log = createLogger(temp.dir, { stderr: false });
    log.warn('quiet');
    expect(write).not.toHaveBeenCalled();
  });
});
