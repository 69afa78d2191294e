import { notSentOf } from '../record-status';
import { importOriginWords } from '../provenance';
import type { Walk } from './lifecycle-walk';
import type { OrderRecord } from './order-record';

/** The console's own part in a replay: what it changed from the stored original. */
function replayChanges(record: OrderRecord): string {
  const changes: string[] = [];
  if (record.details['bodyEdited'] === true) changes.push('body edited');
  const mode = record.details['tokenMode'];
  if (mode === 'resign') changes.push('token re-signed by the console');
  else if (mode === 'none') changes.push('token removed');
  else if (mode === 'preset') {
    const preset = record.details['preset'];
    changes.push(`crafted token${typeof preset === 'string' ? ` (${preset})` : ''}`);
  }
  return changes.length === 0 ? 'exactly as stored' : changes.join(', ');
}

const NEVER = "the console's doing, never evidence";

/** The listener's record of a replay, named as this replay's arrival. */
export type ReplayArrival = Pick<OrderRecord, 'id' | 'profileName'>;

/**
 * Where a replay was received: by the listener of the profile its record was stored under. "This
 * listener" named the active profile's, for a replay sent to the Sandbox listener while Local's
 * was the one running in the window.
 */
function receivedWords(arrival: ReplayArrival | null): string {
  if (arrival === null) return '';
  const by =
    arrival.profileName === null
      ? "this console's listener"
      : `the listener of profile "${arrival.profileName}"`;
  return `, received by ${by} as #${arrival.id}`;
}

/**
 * The emulator's log of one notification (delivery-attempt.ts, webhook-dispatcher.ts): an attempt, of
 * which only a listener's record of its arrival (if one arrived here) is evidence, or one never sent (dropped by its fault injection, or with nowhere to
 * go), which no listener can have received. `arrival` is the listener's record of this attempt
 * when the order holds it.
 */
function deliveryWords(record: OrderRecord, arrival: number | null): string {
  const notSent = notSentOf(record.details);
  if (notSent === 'dropped')
    return "The emulator's notification, dropped by its fault injection: never sent, so no listener received it";
  if (notSent === 'unsent')
    return `The emulator's notification, never sent${record.error === null ? '' : ` (${record.error})`}, so no listener received it`;
  // A listener's record of it is named only when the order holds it (it may have gone to another
  // server): it names where it went and claims no record the order does not have.
  const to = record.url === null ? '' : ` to ${record.url}`;
  const evidence =
    arrival === null ? "a listener's record of its arrival would be" : `its arrival is record #${arrival}`;
  return `The emulator's delivery attempt of a notification${to}, its log of sending: never evidence; ${evidence}`;
}

/**
 * A record that is not the service's own evidence: the console's replays (exact or crafted),
 * the listener's records of them, forwards, imports, and the emulator's log of its deliveries
 * (the listener's record of a delivery is the evidence, not the sender's log). Listed, marked,
 * and never moving the order. `arrival` is the listener's record of this same replay, shown
 * with it as one send; `deliveredAs` the listener's record of an emulator's delivery, which
 * stays listed on its own (it is the evidence) and is named in the delivery's words.
 */
export function readConsoleRecord(
  walk: Walk,
  record: OrderRecord,
  arrival: ReplayArrival | null,
  deliveredAs: number | null = null,
): void {
  const what = record.eventType ?? record.kind;
  // A body too deep or too large to read (bounded-json.ts) is said so, whoever's it was.
  const unreadable =
    record.unreadable === undefined ? '' : `; the body could not be read (${record.unreadable})`;
  const add = (evidence: string) =>
    walk.add(record, {
      source: 'record',
      what,
      step: null,
      effect: unreadable === '' ? 'copy' : 'unknown',
      evidence: `${evidence}${unreadable}`,
      linkedRecordId: arrival?.id ?? null,
    });
  if (record.provenance === 'import') {
    const origin = importOriginWords(record);
    add(
      `Imported from a file (a ${record.kind}${origin === null ? '' : `, ${origin}`}); not evidence of this console's own`,
    );
    return;
  }
  switch (record.kind) {
    case 'replay': {
      const origin = record.details['origin'];
      if (origin === 'scenario' || origin === 'check-endpoint') {
        const sender = origin === 'scenario' ? "A scenario's send-webhook step" : 'A check-endpoint case';
        const mode = record.details['tokenMode'];
        const token = typeof mode === 'string' ? `, token ${mode}` : '';
        const received = receivedWords(arrival);
        add(`${sender} (a notification the console made${token})${received}; ${NEVER}`);
        return;
      }
      const original = record.relatedId === null ? 'a stored notification' : `#${record.relatedId}`;
      const received = receivedWords(arrival);
      add(`Replay of ${original} (${replayChanges(record)})${received}; ${NEVER}`);
      return;
    }
    case 'forward':
      add(
        `The listener's forward of ${record.relatedId === null ? 'a notification' : `#${record.relatedId}`} to another endpoint; ${NEVER}`,
      );
      return;
    case 'delivery':
      add(deliveryWords(record, deliveredAs));
      return;
    case 'webhook':
      if (record.provenance === 'forward') {
        add(`A copy a console listener forwarded here (its forward marker); ${NEVER}`);
        return;
      }
      if (record.relatedId === null && record.details['craftedToken'] !== undefined) {
        add(`A request carrying a token this console signed (JWT inspector, jwt sign); ${NEVER}`);
        return;
      }
      add(
        record.relatedId === null
          ? `A request marked as a replay by a console (no replay of this console matches its marker); ${NEVER}`
          : `The listener's record of replay #${record.relatedId}; ${NEVER}`,
      );
      return;
    case 'request':
      add(`A request the console did not record as its own; ${NEVER}`);
      return;
  }
}
