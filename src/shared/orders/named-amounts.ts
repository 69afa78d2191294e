import type { AmountProblem, NamedAmountSeen, Walk } from './lifecycle-walk';

export type NamedBy = 'notified' | 'answered';

/** What was first said of `id` when `minor` now disagrees with it (one capture, two amounts), else null. */
export function amountChangedFrom(
  seen: ReadonlyMap<string, NamedAmountSeen>,
  id: string,
  minor: bigint | null,
): NamedAmountSeen | null {
  const known = seen.get(id);
  return known !== undefined && known.minor !== minor ? known : null;
}

/**
 * Notes that `by` named `id` with `minor` (which must agree with what was said before; check
 * with `amountChangedFrom` first). 'duplicate' when the same side named it already (the same
 * notification or the same answer again: counted once); null when it is new, or when the other
 * side named it first (the answer and its notification confirm each other).
 */
export function noteNamedAmount(
  seen: Map<string, NamedAmountSeen>,
  id: string,
  recordId: number,
  minor: bigint | null,
  by: NamedBy,
): 'duplicate' | null {
  const known = seen.get(id);
  if (known === undefined) {
    seen.set(id, { recordId, minor, notified: by === 'notified', answered: by === 'answered' });
    return null;
  }
  if (known[by]) return 'duplicate';
  seen.set(id, { ...known, [by]: true });
  return null;
}

/** One capture or refund named twice with two amounts: which record said what. */
export function amountChangedProblem(
  walk: Walk,
  kind: 'capture' | 'refund',
  id: string,
  known: NamedAmountSeen,
  minor: bigint | null,
): AmountProblem {
  return {
    code: `${kind}_amount_changed`,
    message: `${kind} ${id} was reported as ${walk.money(known.minor)} by record #${known.recordId} and now as ${walk.money(minor)}`,
  };
}
