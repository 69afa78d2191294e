import type { TimelineSummary } from '../../../shared/events';
import { recordStatus } from '../../../shared/record-status';
import type { ConsoleCore } from '../../app';
import { screenMask } from '../../timeline/screen-summaries';
import { batchedItems } from '../batched-output';
import type { CliContext } from '../cli-context';
import { terminalSafe } from '../terminal-text';
import { forwardLine } from './listen-forward-line';
import { answerLine, formatWebhookLine } from './listen-webhook-line';

const ARRIVAL_KINDS = new Set<TimelineSummary['kind']>(['webhook', 'forward']);

/** A record to print: as it arrived, or (settled) a waiting answer's end. */
interface Printed {
  summary: TimelineSummary;
  settled: boolean;
}

/** A webhook's line, or a forward's. */
function arrivalLine(summary: TimelineSummary): string {
  return summary.kind === 'webhook' ? `${formatWebhookLine(summary)}\n` : forwardLine(summary);
}

/**
 * A line per webhook as this run's listener records it, a line per forward, and a warning whenever
 * another webhook had to be answered 503 because it could not be stored, with the reason.
 */
export function printArrivals(
  core: Pick<ConsoleCore, 'bus'> & { profiles: Parameters<typeof screenMask>[0] },
  io: Pick<CliContext['io'], 'stdout' | 'stderr'>,
): () => void {
  let notStored = 0;
  // Masked as every screen shows a row (a profile secret in a path), with the secrets read
  // once per window of lines, never once per webhook: the listener's own cost is measured.
  // Webhooks printed while their answer waits out the delay: their update says how it ended.
  const waiting = new Set<number>();
  // Webhooks printed `-> 200` as stored, without a delay, just before the answer goes out: their
  // one update says whether it did (only the duration changes) or not (the client was gone),
  // which then has its line, not the `-> 200` alone.
  const answering = new Set<number>();
  const lines = batchedItems<Printed>((held) => {
    const mask = screenMask(core.profiles);
    return held
      .map(({ summary, settled }) => (settled ? answerLine(mask(summary)) : arrivalLine(mask(summary))))
      .join('');
  }, io.stdout);
  const unsubscribe = core.bus.subscribe((event, origin) => {
    // What this run's listener received, and its forwards: the records other consoles on the
    // data directory write (serve's listener, another listen, an import) reach this process's
    // bus too, and printed here they read as requests this listener received and answered.
    if (
      event.name === 'timeline.appended' &&
      origin === 'this process' &&
      ARRIVAL_KINDS.has(event.payload.kind)
    ) {
      const read = recordStatus(event.payload).kind;
      if (event.payload.kind === 'webhook' && read === 'waiting') waiting.add(event.payload.id);
      if (event.payload.kind === 'webhook' && read === 'answered') answering.add(event.payload.id);
      lines.write({ summary: event.payload, settled: false });
    }
    if (
      event.name === 'timeline.updated' &&
      origin === 'this process' &&
      recordStatus(event.payload).kind !== 'waiting'
    ) {
      const { id, status } = event.payload;
      if (waiting.delete(id) || (answering.delete(id) && status === null))
        lines.write({ summary: event.payload, settled: true });
    }
    if (event.name === 'listener.status' && event.payload.notStored > notStored) {
      notStored = event.payload.notStored;
      lines.flush();
      io.stderr(
        `warning: ${notStored} webhook(s) answered 503 so far, not stored: ${terminalSafe(event.payload.notStoredReason ?? 'no reason was given')}\n`,
      );
    }
  });
  return () => {
    unsubscribe();
    lines.flush();
  };
}
