import { describe, expect, it } from 'vitest';
import { batchedOutput } from '../../src/main/cli/batched-output';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('batchedOutput', () => {
  it('sends the lines of one turn in one write, in order, at the end of the turn', async () => {
    const writes: string[] = [];
    const output = batchedOutput((text) => writes.push(text));
    output.write('a\n');
    output.write('b\n');
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toEqual(['a\nb\n']);
    output.write('c\n');
    await nextTurn();
    expect(writes).toEqual(['a\nb\n', 'c\n']);
  });

  it('flush writes what is held at once, and nothing twice', async () => {
    const writes: string[] = [];
    const output = batchedOutput((text) => writes.push(text));
    output.write('last\n');
    output.flush();
    expect(writes).toEqual(['last\n']);
    await nextTurn();
    output.flush();
    expect(writes).toEqual(['last\n']);
  });
});
