import { describe, expect, it } from 'vitest';
import { MAX_EDITED_BODY_BYTES, replayRequestSchema, type ReplayRequest } from '../../src/shared/replay';

/** The view's checks, imported by a path the type checker does not follow (the renderer's DOM types). */
interface HoldsModule {
  editedBodyProblem(body: string): string | null;
  startErrorStands(
    error: { message: string; request: ReplayRequest } | null,
    now: ReplayRequest,
  ): string | null;
}
const holdsPath = '../../src/renderer/src/features/replay/replay-holds';
const holds = (await import(/* @vite-ignore */ holdsPath)) as HoldsModule;

// A 5 MB body was refused only once Replay was pressed ('invalid_input: body: An edited body is
// at most 1 MiB'), and that message vanished about 100 ms later.
describe('an edited body over the limit', () => {
  it('is said before Replay is pressed, in the words main refuses it with, with its size', () => {
    expect(holds.editedBodyProblem('x'.repeat(MAX_EDITED_BODY_BYTES))).toBeNull();
    expect(holds.editedBodyProblem('x'.repeat(5 * 1024 * 1024))).toBe(
      'An edited body is at most 1 MiB; this one is 5,242,880 bytes.',
    );
  });

  it('is counted in the bytes that are sent, as main counts it', () => {
    // 600 Ki characters of two bytes each: under the limit in characters, over it in UTF-8.
    const body = 'é'.repeat(600 * 1024);
    expect(holds.editedBodyProblem(body)).toBe(
      'An edited body is at most 1 MiB; this one is 1,228,800 bytes.',
    );
    const refused = replayRequestSchema.safeParse({ ids: [1], body });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual(['An edited body is at most 1 MiB']);
  });
});

describe('a start main refused', () => {
  const request: ReplayRequest = { ids: [7], target: { kind: 'listener' }, body: null, repeat: 1 };
  const refused = { message: 'The target refused it.', request };

  it('stays while the form would send the same replay', () => {
    expect(holds.startErrorStands(refused, { ...request, confirmLive: true })).toBe('The target refused it.');
    expect(holds.startErrorStands(null, request)).toBeNull();
  });

  it('goes once the form changes what would be sent', () => {
    expect(holds.startErrorStands(refused, { ...request, body: '{}' })).toBeNull();
    expect(holds.startErrorStands(refused, { ...request, repeat: 2 })).toBeNull();
    expect(
      holds.startErrorStands(refused, { ...request, target: { kind: 'url', url: 'http://x.test/' } }),
    ).toBeNull();
    expect(holds.startErrorStands(refused, { ...request, ids: [8] })).toBeNull();
  });
});
