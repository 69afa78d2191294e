import { describe, expect, it } from 'vitest';
import { batchedOutput } from '../../src/main/cli/batched-output';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('batchedOutput', () => {
  it('sends the lines of one window in one write, in order, at the end of the window', async () => {
    const writes: string[] = [];
    const output = batchedOutput((text) => writes.push(text), 20);
    output.write('a\n');
    await wait(5);
    output.write('b\n');
    expect(writes).toEqual([]);
    await wait(40);
    expect(writes).toEqual(['a\nb\n']);
    output.write('c\n');
    await wait(40);
    expect(writes).toEqual(['a\nb\n', 'c\n']);
  });

  it('flush writes what is held at once, and nothing twice', async () => {
    const writes: string[] = [];
    const output = batchedOutput((text) => writes.push(text), 20);
    output.write('last\n');
    output.flush();
    expect(writes).toEqual(['last\n']);
    await wait(40);
    output.flush();
    expect(writes).toEqual(['last\n']);
  });
});
