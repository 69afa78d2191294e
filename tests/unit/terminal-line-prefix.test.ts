import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../src/main/log';
import { terminalLine } from '../../src/main/terminal-line';
import { makeTempDir } from './helpers/temp-console';

const temps: { remove: () => void }[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  temps.splice(0).forEach((temp) => temp.remove());
});

// `listen` echoes its log's warnings ('warn: The stored listener settings …') where `serve` said
// the same line as 'warning: …': one prefix, from one owner, whichever command prints it.
describe("a terminal's warning and error lines", () => {
  const damaged = 'The stored listener settings (the respondStatus setting) cannot be read.';

  it("the log's echo (listen) says a warning as serve and every other command do", () => {
    const temp = makeTempDir();
    temps.push(temp);
    const echoed: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      echoed.push(String(chunk));
      return true;
    });
    const log = createLogger(temp.dir, { stderr: true, files: false });
    log.warn(damaged);
    log.error('could not record');
    log.close();
    expect(echoed).toEqual([terminalLine('warning', damaged), terminalLine('error', 'could not record')]);
    expect(echoed[0]).toBe(`warning: ${damaged}\n`);
  });
});
