import { afterEach, describe, expect, it } from 'vitest';
import { readPointer, removePointer, writePointer } from '../../src/shared/scenarios/json-pointer';

// A checkout step's `set` and `remove` write through JSON pointers in the main process: a
// pointer through __proto__ changed every object there.
afterEach(() => {
  Reflect.deleteProperty(Object.prototype, 'polluted');
});

const polluted = () => (({}) as Record<string, unknown>)['polluted'];

describe('writing through a pointer', () => {
  it.each(['/__proto__/polluted', '/a/__proto__/polluted', '/constructor/prototype/polluted'])(
    'refuses %s, naming it, and changes no prototype',
    (pointer) => {
      expect(() => writePointer({ a: {} }, pointer, 'yes')).toThrow(
        `${pointer}: "${pointer.includes('__proto__') ? '__proto__' : 'constructor'}" cannot be written or removed`,
      );
      expect(polluted()).toBeUndefined();
    },
  );

  it('refuses removing through the prototype (remove: [/__proto__/toString] deleted it for everyone)', () => {
    expect(() => removePointer({}, '/__proto__/toString')).toThrow('/__proto__/toString: "__proto__"');
    expect(typeof {}.toString).toBe('function');
  });

  it('still writes and reads ordinary fields, and reads an own field named __proto__ as data', () => {
    expect(writePointer({ a: { b: 1 } }, '/a/c', 2)).toEqual({ a: { b: 1, c: 2 } });
    expect(readPointer(JSON.parse('{"__proto__": {"x": 1}}'), '/__proto__/x')).toBe(1);
    expect(readPointer({}, '/__proto__/toString')).toBeUndefined();
  });
});
