import { describe, expect, it } from 'vitest';
import { chunkLengthMs, pauseAfterChunkMs } from '../../src/main/history/paced-writes';

/**
 * An import beside a listener under load (issue 20's bench "listener beside an import"): with
 * 8 ms chunks and 2 ms pauses the listener's p99 was 33–37 ms on two cores; with half-length
 * chunks and a pause as long as each took, 15–19 ms. Beside a trickle of webhooks the import
 * keeps its pace (a 300,000-record import took 40 s instead of 24 s when it always paused).
 */
describe('how an import paces itself beside another writer', () => {
  it('while another process writes between its chunks, it takes at most half of the time', () => {
    expect(chunkLengthMs(true, 64, 8)).toBe(4);
    expect(pauseAfterChunkMs(true, 4.5)).toBe(4.5);
    // A chunk that ran long (a slow disk, a big record) is followed by as long a pause.
    expect(pauseAfterChunkMs(true, 30)).toBe(30);
    expect(pauseAfterChunkMs(true, 0.3)).toBe(2);
  });

  it('with no other write since the last chunk, it keeps its chunk length and a short pause', () => {
    expect(chunkLengthMs(false, 8, 8)).toBe(8);
    expect(chunkLengthMs(false, 64, 8)).toBe(64);
    expect(pauseAfterChunkMs(false, 8)).toBe(2);
    expect(pauseAfterChunkMs(false, 64)).toBe(2);
  });
});
