import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');

export interface BenchProcess {
  url: string;
  /** SIGTERM, resolving once the process has exited (so its database is closed). */
  stop(): Promise<void>;
  /**
   * The CPU time (user + system) the process has used so far, in ms; null where /proc is not
   * there. On a shared machine CPU per request moves much less than requests per second.
   */
  cpuMs(): number | null;
}

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime of a process from /proc/<pid>/stat, in ms; null where /proc cannot tell (not Linux). */
function cpuMsOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // The command name (field 2) may hold spaces; the fields after its ')' are fixed.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_SECOND : null;
  } catch {
    return null;
  }
}

/** A server in its own process, resolved with the URL it prints once bound. */
function startProcess(command: string, args: string[], ready: RegExp, env: NodeJS.ProcessEnv = {}) {
  const child: ChildProcess = spawn(command, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CHECKOUT_CONSOLE_KEYCHAIN: 'off', NO_COLOR: '1', ...env },
  });
  return new Promise<BenchProcess>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`${command} did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match === null) return;
      clearTimeout(timer);
      resolve({
        url: match[1] ?? '',
        cpuMs: () => cpuMsOf(child.pid),
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${command} exited (${String(code)}):\n${output}`)));
  });
}

/** `checkout-console <args>` from source, in its own process. */
export function startConsoleCommand(dataDir: string, args: string[], ready: RegExp): Promise<BenchProcess> {
  return startProcess(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'src', 'main', 'cli', 'index.ts'), '--data-dir', dataDir, ...args],
    ready,
  );
}

/**
 * `checkout-console <args>` as built (`out/main/cli.js`, what bin/checkout-console.mjs runs), in
 * its own process; `root` may be another checkout's build, to measure a before against an after.
 */
export function startBuiltConsoleCommand(
  dataDir: string,
  args: string[],
  ready: RegExp,
  root = ROOT,
): Promise<BenchProcess> {
  const cli = join(root, 'out', 'main', 'cli.js');
  if (!existsSync(cli)) throw new Error(`${cli} is not built: run "npx electron-vite build" in ${root}.`);
  return startProcess(process.execPath, [cli, '--data-dir', dataDir, ...args], ready);
}

/** bench/servers/bare-http.mjs: node:http answering 200 and nothing else. */
export function startBareServer(): Promise<BenchProcess> {
  return startProcess(
    process.execPath,
    [join(ROOT, 'bench', 'servers', 'bare-http.mjs')],
    /Bare server listening on (http:\/\/\S+)/,
  );
}

/**
 * bench/servers/minimal-durable.mjs: HS256 checked with node:crypto, the raw request appended to
 * an index-free table, answered after its group commit. The listener's second reference. With
 * `judged`, the same server judges each request with the console's own `judgeWebhook` and stores
 * the verdicts with it (under tsx, as the listener runs here): the floor issue 20's rules allow.
 */
export function startMinimalDurableServer(
  databasePath: string,
  secret: string,
  options: { judged?: boolean } = {},
): Promise<BenchProcess> {
  const server = join(ROOT, 'bench', 'servers', 'minimal-durable.mjs');
  return startProcess(
    process.execPath,
    options.judged === true
      ? ['--import', 'tsx', server, databasePath, secret, '--judged']
      : [server, databasePath, secret],
    /Minimal durable server listening on (http:\/\/\S+)/,
  );
}

/**
 * bench/servers/trailing-row.mjs: the design issue 20 leaves open, as a reference (under tsx):
 * judged, the whole record appended to an index-free inbox and answered after its group commit,
 * moved into the console's `events` table in batches by a worker thread. On stop it writes the
 * moved rows' lag to `<database>.lag.json`.
 */
export function startTrailingRowServer(databasePath: string, secret: string): Promise<BenchProcess> {
  return startProcess(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'bench', 'servers', 'trailing-row.mjs'), databasePath, secret],
    /Trailing-row server listening on (http:\/\/\S+)/,
  );
}

/** Prism (`mock --errors`) serving an OpenAPI document, in its own process. */
export function startPrism(document: string, port: number): Promise<BenchProcess> {
  return startProcess(
    join(ROOT, 'node_modules', '.bin', 'prism'),
    ['mock', document, '--port', String(port), '--host', '127.0.0.1', '--errors'],
    /Prism is listening on (http:\/\/\S+)/,
  ).then((prism) => ({ ...prism, url: `http://127.0.0.1:${port}` }));
}
