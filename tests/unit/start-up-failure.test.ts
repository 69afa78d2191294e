import { describe, expect, it } from 'vitest';
import {
  reportStartUpFailure,
  STARTED_BY_NPM_START_ENV,
  type StartUpFailureDeps,
} from '../../src/main/desktop/start-up-failure';
import { PROJECT_ISSUES } from '../../src/shared/project-links';

function fakeDeps(env: NodeJS.ProcessEnv = {}) {
  const seen: string[] = [];
  const dialogs: { title: string; content: string }[] = [];
  const deps: StartUpFailureDeps = {
    dialog: {
      showErrorBox: (title, content) => {
        seen.push('dialog');
        dialogs.push({ title, content });
      },
    },
    exit: (code) => seen.push(`exit ${code}`),
    dataDir: '/home/q/.config/checkout-console',
    env,
    log: () => seen.push('logged'),
  };
  return { deps, seen, dialogs };
}

// Started from a launcher, a desktop app that could not start said nothing: no window, no word.
describe('a desktop app that cannot start', () => {
  it('says why in a dialog, with the way out, then exits 1', () => {
    const { deps, seen, dialogs } = fakeDeps();
    reportStartUpFailure(
      new Error(
        'No better-sqlite3 build for Electron 45.4.1 (ABI 140). Run "npm run rebuild:electron-sqlite" (needs network access to Electron\'s headers).',
      ),
      deps,
    );
    expect(seen).toEqual(['logged', 'dialog', 'exit 1']);
    expect(dialogs[0]?.title).toBe('Checkout Console could not start');
    expect(dialogs[0]?.content).toContain('Run "npm run rebuild:electron-sqlite"');
    expect(dialogs[0]?.content).toContain('Data directory: /home/q/.config/checkout-console');
    expect(dialogs[0]?.content).not.toContain(PROJECT_ISSUES);
  });

  it('names where to report a cause that carries no way out', () => {
    const { deps, dialogs } = fakeDeps();
    reportStartUpFailure(new Error('Something unforeseen.'), deps);
    expect(dialogs[0]?.content).toContain('Something unforeseen.');
    expect(dialogs[0]?.content).toContain(PROJECT_ISSUES);
  });

  // npm start reads the error from the terminal and starts browser mode instead; a dialog would
  // hold the exit until someone closed it, and the fallback with it.
  it('leaves the saying to npm start when npm start launched it', () => {
    const { deps, seen } = fakeDeps({ [STARTED_BY_NPM_START_ENV]: '1' });
    reportStartUpFailure(new Error('The data directory /x is a file, not a folder.'), deps);
    expect(seen).toEqual(['logged', 'exit 1']);
  });
});
