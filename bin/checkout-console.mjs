#!/usr/bin/env node
// The CLI lives in the build output; `npm install` builds it (the "prepare" script).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = fileURLToPath(new URL('../out/main/cli.js', import.meta.url));
if (!existsSync(entry)) {
  process.stderr.write('checkout-console is not built yet: run "npm run build" in the project folder.\n');
  process.exit(1);
}
await import(entry);
