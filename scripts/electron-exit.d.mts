import type { ChildProcess } from 'node:child_process';

export declare const STARTED_BY_NPM_START_ENV: string;
export declare const STARTUP_GRACE_MS: number;
export declare function meaningfulLine(stderr: string): string | null;
export declare function fallbackLine(reason: string): string;
export declare function exitCodeOf(code: number | null, signal: NodeJS.Signals | null): number;
export declare function judgeElectronExit(ended: {
  code: number | null;
  signal: NodeJS.Signals | null;
  elapsedMs: number;
  stderr: string;
  stopping: boolean;
}): { exitCode: number; line: string | null } | { fallback: string };
export declare function forwardStopSignals(
  child: Pick<ChildProcess, 'kill'>,
  processLike?: Pick<NodeJS.Process, 'on' | 'ppid'>,
): { stopping(): boolean; handOver(next: Pick<ChildProcess, 'kill'>): void };
