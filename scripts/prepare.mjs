#!/usr/bin/env node
// `npm install` / `npm ci` build the app (the "prepare" script), so `checkout-console` works
// right after installing. CI's `npm test` builds again anyway (beside the typechecks), so
// .ci/run sets CHECKOUT_CONSOLE_SKIP_INSTALL_BUILD: the install's build was a second, serial
// build of the same tree on CI's critical path.
import { spawnSync } from 'node:child_process';

if (process.env['CHECKOUT_CONSOLE_SKIP_INSTALL_BUILD'] === '1') {
  process.stdout.write('prepare: build skipped (CHECKOUT_CONSOLE_SKIP_INSTALL_BUILD=1; `npm test` builds)\n');
  process.exit(0);
}
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const { status } = spawnSync(npx, ['electron-vite', 'build'], {
  stdio: 'inherit',
  shell: process.platform === 'win32',
});
process.exit(status ?? 1);
