import { describe, expect, it } from 'vitest';
import { createUploadStore } from '../../src/main/bridge/upload-store';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('upload store', () => {
  it('joins parts in order and forgets the upload once taken', () => {
    const store = createUploadStore();
    expect(store.append(ID(1), 0, 'ab')).toBe(2);
    expect(store.append(ID(1), 1, 'cd')).toBe(4);
    expect(store.take(ID(1), 10, 'The text')).toBe('abcd');
    expect(() => store.take(ID(1), 10, 'The text')).toThrow(/The text: the upload is not open/);
  });

  it('drops an upload whose part arrives out of order', () => {
    const store = createUploadStore();
    store.append(ID(1), 0, 'a');
    expect(() => store.append(ID(1), 2, 'c')).toThrow(/part 2 arrived where part 1 was expected/);
    expect(() => store.take(ID(1), 10, 'It')).toThrow(/not open/);
    expect(() => store.append(ID(2), 1, 'b')).toThrow(/not open/);
  });

  it('refuses what would pass the cap on characters held, and one over the taker’s limit', () => {
    const store = createUploadStore({ maxChars: 10 });
    store.append(ID(1), 0, '123456');
    expect(() => store.append(ID(2), 0, '12345')).toThrow(
      /at most 10 characters together; this one was dropped at 5 characters/,
    );
    store.append(ID(1), 1, '7');
    expect(() => store.take(ID(1), 5, 'The import')).toThrow(
      /The import is 7 characters; at most 5 characters are taken/,
    );
  });

  it('holds at most a few uploads at once, and drops the idle ones', () => {
    let now = 0;
    const store = createUploadStore({ maxOpen: 2, idleMs: 1000, now: () => now });
    store.append(ID(1), 0, 'a');
    store.append(ID(2), 0, 'b');
    expect(() => store.append(ID(3), 0, 'c')).toThrow(/2 uploads are already in progress/);
    now = 1500;
    expect(store.append(ID(3), 0, 'c')).toBe(1);
    expect(() => store.take(ID(1), 10, 'It')).toThrow(/idle for more than 1 s/);
  });
});
