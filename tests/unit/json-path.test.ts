import { describe, expect, it } from 'vitest';
import { formatJsonPath, parseJsonPath } from '../../src/shared/json-path';

describe('JSON paths', () => {
  it.each([
    [['items', 2, 'sku'], 'items[2].sku'],
    [['consumer', 'first_name'], 'consumer.first_name'],
    [[], '(root)'],
    [['risk_assessment', 'odd key'], 'risk_assessment["odd key"]'],
  ])('%j ↔ %s', (path, text) => {
    expect(formatJsonPath(path)).toBe(text);
    expect(parseJsonPath(text)).toEqual(path);
  });
});
