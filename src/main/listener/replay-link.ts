import type { HeaderList } from '../../shared/events';
import { REPLAY_MARKER_HEADER, type Provenance } from '../../shared/provenance';
import { FORWARD_MARKER_HEADER, forwardHopsOf } from './forward-guard';

/** A replay record as the listener looks it up by its uid. */
export interface KnownReplay {
  id: number;
  provenance: Provenance;
  /** Another listener record already names this replay (a second copy of one send). */
  linked: boolean;
}

/** What the listener writes on a record that carries a replay's marker. */
export interface ReplayLink {
  provenance: Provenance;
  relatedId: number | null;
  details: { replayLink: { marker: string; matched: boolean; reason: string } };
}

const MARKER = REPLAY_MARKER_HEADER.toLowerCase();

/**
 * Recognises this console's replays when they reach its own listener. Every replay carries
 * the uid of its own record, written and committed before it was sent; found here, the
 * listener's record is that replay's arrival: the same provenance, linked by `related_id`.
 *
 * A marker can only ever keep a record from moving an order, never make one count: any
 * request that carries it is the console's doing (a replay), matched or not. A spoofed or
 * foreign marker (another console's replay, a second copy of one send) is kept unlinked, with
 * the reason; no header makes a record the service's own.
 */
export function linkReplay(
  headers: HeaderList,
  lookup: ((uid: string) => KnownReplay | undefined) | undefined,
): ReplayLink | null {
  const values = headers.filter(([name]) => name.toLowerCase() === MARKER).map(([, value]) => value.trim());
  if (values.length === 0) return null;
  const [marker = ''] = values;
  const unmatched = (reason: string): ReplayLink => ({
    provenance: 'replay',
    relatedId: null,
    details: { replayLink: { marker: marker.slice(0, 100), matched: false, reason } },
  });
  if (values.length > 1 || marker === '')
    return unmatched('The replay marker is empty or sent more than once.');
  const replay = lookup?.(marker);
  if (replay === undefined) return unmatched('No replay of this console carries this marker.');
  if (replay.linked) return unmatched(`Replay #${replay.id} already arrived; this is another copy of it.`);
  return {
    provenance: replay.provenance,
    relatedId: replay.id,
    details: { replayLink: { marker, matched: true, reason: `The arrival of replay #${replay.id}.` } },
  };
}

/** What the listener writes on a record that carries a console listener's forward marker. */
export interface ForwardedCopy {
  provenance: 'forward';
  details: { forwardedCopy: { hops: string[]; reason: string } };
}

/**
 * A request that passed another console listener (its forward marker) is that listener's copy,
 * not the service's own: the first listener stored the service's request, and a copy counted
 * again moved orders twice, or as a duplicate. Like the replay marker, it can only keep a record
 * from moving an order.
 */
export function markForwardedCopy(headers: HeaderList): ForwardedCopy | null {
  if (!headers.some(([name]) => name.toLowerCase() === FORWARD_MARKER_HEADER.toLowerCase())) return null;
  const hops = forwardHopsOf(headers);
  return {
    provenance: 'forward',
    details: {
      forwardedCopy: {
        hops: hops.slice(0, 10).map((hop) => hop.slice(0, 100)),
        reason: `A console listener's forward (${FORWARD_MARKER_HEADER}), not the service's own request.`,
      },
    },
  };
}
