import { describe, expect, it } from 'vitest';
import { findNamedOrder } from '../../src/main/cli/order-named';

const ID = '3c635b6e-a634-482b-b4f8-d567f95db25c';
const lookUps = (ids: readonly string[], references: Record<string, string> = {}) => ({
  byId: (id: string) => (ids.includes(id) ? id : undefined),
  byReference: (reference: string) => references[reference],
});

// t77: `emulator pay 3C635B6E-…` and `orders show 3C635B6E-…` said there was no such order, while
// the emulator's HTTP routes took the id in capitals (RFC 4122 reads a UUID's hex in either case).
describe('an order id named in capitals', () => {
  it('finds the order the id names, as the emulator writes it', async () => {
    expect(await findNamedOrder(ID.toUpperCase(), lookUps([ID]))).toEqual({ order: ID, named: ID });
    expect(await findNamedOrder(` ${ID.toUpperCase()}\n`, lookUps([ID]))).toEqual({ order: ID, named: ID });
  });

  it('tries it as written first: an id stored in capitals is found as it is', async () => {
    const upper = ID.toUpperCase();
    expect(await findNamedOrder(upper, lookUps([upper, ID]))).toEqual({ order: upper, named: upper });
  });

  it('leaves a reference as written (references are not ids, and their case is theirs)', async () => {
    expect(await findNamedOrder('REF-A', lookUps([], { 'REF-A': ID }))).toEqual({
      order: ID,
      named: 'REF-A',
    });
    expect(await findNamedOrder('ref-a', lookUps([], { 'REF-A': ID }))).toBeUndefined();
  });
});
