import { describe, expect, it } from 'vitest';
import type { ExportedEvent } from '../../src/shared/history-file';
import { exportedEventSchema } from '../../src/shared/history-file';
import { harEntry } from '../../src/main/history/har';

/**
 * HAR's sizes are bytes (content.size: "length of the returned content in bytes"). The export
 * gave the response's characters: base64's length for a body that is not UTF-8 (a third more
 * than it was), and one per character for text ("é" is two bytes).
 */
const event = (body: Partial<ExportedEvent>): ExportedEvent =>
  exportedEventSchema.parse({ uid: 'u', kind: 'request', at: '2026-11-28T18:00:00.000Z', ...body });

type Sizes = { response: { bodySize: number; content: { size: number } } };

describe('HAR export: body sizes in bytes', () => {
  it.each([
    ['text with é', { response_body: '{"name":"Café"}' }, 16],
    [
      'not UTF-8 (base64)',
      { response_body_base64: Buffer.from([0xff, 0x00, 0x41, 0x42]).toString('base64') },
      4,
    ],
    ['none', {}, 0],
  ])('%s', (_name, body, bytes) => {
    const entry = harEntry(event(body)) as unknown as Sizes;
    expect(entry.response.content.size).toBe(bytes);
    expect(entry.response.bodySize).toBe(bytes);
  });
});
