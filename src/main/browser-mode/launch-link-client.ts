import { networkFailureText } from '../../shared/merchant-api';
import { performHttpExchange } from '../outbound/http-exchange';
import { CONTROL_LAUNCH_LINK_PATH, launchLinkAnswerSchema } from './control-endpoint';
import {
  isProcessAlive,
  readControlFiles,
  removeControlFile,
  type ControlFile,
  type ControlFileEntry,
} from './control-file';

/** The serve processes a data directory's control files name, sorted out. */
export interface ServingConsoles {
  /** Files whose process is alive: candidates to ask. */
  live: { path: string; control: ControlFile }[];
  /** Files left by processes that are gone; already removed. */
  removedStale: string[];
  /** Files that could not be used, with why. */
  unusable: Extract<ControlFileEntry, { ok: false }>[];
}

export function findServingConsoles(
  dataDir: string,
  alive: (pid: number) => boolean = isProcessAlive,
): ServingConsoles {
  const found: ServingConsoles = { live: [], removedStale: [], unusable: [] };
  for (const entry of readControlFiles(dataDir)) {
    if (!entry.ok) found.unusable.push(entry);
    else if (alive(entry.control.pid)) found.live.push(entry);
    else {
      // Its process is gone (a crash, a kill -9): the file can only mislead the next reader.
      removeControlFile(entry.path);
      found.removedStale.push(entry.path);
    }
  }
  return found;
}

export type LaunchLinkResult =
  { ok: true; url: string } | { ok: false; unreachable: boolean; message: string };

/** How long `open` waits for a console on this machine before saying it does not answer. */
export const LAUNCH_LINK_TIMEOUT_MS = 5_000;

/**
 * Asks one running console for a new one-time link, through the one HTTP exchange of the main
 * process. The answer is parsed, and a link for any other origin than the console's is refused:
 * `open` hands the link to the browser, so it must lead to this console and nowhere else.
 */
export async function requestLaunchLink(control: ControlFile): Promise<LaunchLinkResult> {
  const outcome = await performHttpExchange({
    method: 'POST',
    url: `${control.origin}${CONTROL_LAUNCH_LINK_PATH}`,
    headers: [
      ['Authorization', `Bearer ${control.secret}`],
      ['Content-Length', '0'],
    ],
    body: null,
    timeoutMs: LAUNCH_LINK_TIMEOUT_MS,
    maxResponseBytes: 16 * 1024,
  });
  if (outcome.failure !== null) {
    return {
      ok: false,
      unreachable: ['refused', 'reset', 'reset_after_sending'].includes(outcome.failure.kind),
      message: networkFailureText(outcome.failure),
    };
  }
  if (outcome.status !== 200) {
    return {
      ok: false,
      unreachable: false,
      message: `the console at ${control.origin} answered ${outcome.status ?? 'nothing'} instead of a link (its control file may belong to another process)`,
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(outcome.body?.toString('utf8') ?? '');
  } catch {
    json = null;
  }
  const parsed = launchLinkAnswerSchema.safeParse(json);
  if (!parsed.success || new URL(parsed.data.url).origin !== new URL(control.origin).origin) {
    return {
      ok: false,
      unreachable: false,
      message: `the console at ${control.origin} answered something that is not a link to itself`,
    };
  }
  return { ok: true, url: parsed.data.url };
}
