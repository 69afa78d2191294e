#!/usr/bin/env node
// Runs npm scripts side by side, as many at once as the machine has cores, and reports each
// one's output in one piece when it ends (never interleaved), with how long it took. Exits
// non-zero when any of them failed, after all have finished, so one run shows every failure.
// `npm test` uses it for the checks that do not depend on each other (typecheck, lint, build):
// on CI's two cores that halves their time.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  process.stderr.write('usage: node scripts/run-parallel.mjs <npm script>...\n');
  process.exit(2);
}
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const limit = Math.max(1, availableParallelism());

function run(script) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const verdict = code === 0 ? 'passed' : `FAILED (exit ${code})`;
      process.stdout.write(`\n── ${script}: ${verdict} in ${seconds} s\n${Buffer.concat(output).toString()}`);
      resolve(code === 0);
    });
  });
}

const queue = [...scripts];
const results = [];
await Promise.all(
  Array.from({ length: Math.min(limit, queue.length) }, async () => {
    for (let script = queue.shift(); script !== undefined; script = queue.shift())
      results.push(await run(script));
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
