import { beforeEach, describe, expect, it, vi } from 'vitest';

// The Replay view's body editor fills from the first selected record, read through this bridge.
const stored: Record<number, { text: string | null; base64: string | null; size: number }> = {
  1: { text: '{"event_type":"order_approved","data":[]}', base64: null, size: 41 },
  2: { text: null, base64: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]).toString('base64'), size: 4 },
};
vi.mock('@bridge', () => ({
  frontDoorHint: 'browser',
  bridge: {
    subscribe: () => () => undefined,
    getEvent: ({ id }: { id: number }) =>
      Promise.resolve({ id, requestBody: { truncated: false, ...stored[id] } }),
  },
}));

/** The store's types come through the renderer's bridge (DOM types); this test names what it uses. */
interface ReplayStoreModule {
  loadStoredBody(id: number): Promise<void>;
}
interface ReplayFormModule {
  useReplayForm: {
    getState(): { body: string; bodyNotice: string | null };
    setState(patch: Record<string, unknown>): void;
  };
}
const storePath = '../../src/renderer/src/features/replay/replay-store';
const formPath = '../../src/renderer/src/features/replay/replay-form-state';
const store = (await import(/* @vite-ignore */ storePath)) as ReplayStoreModule;
const { useReplayForm } = (await import(/* @vite-ignore */ formPath)) as ReplayFormModule;

beforeEach(() => useReplayForm.setState({ body: '', bodyNotice: null }));

describe('the body editor filled from a stored webhook', () => {
  it('a JSON body comes in pretty, with nothing to say', async () => {
    await store.loadStoredBody(1);
    expect(useReplayForm.getState()).toMatchObject({
      body: '{\n  "event_type": "order_approved",\n  "data": []\n}',
      bodyNotice: null,
    });
  });

  it('a body that is not UTF-8 is not edited as an empty one: the editor says why it is empty', async () => {
    await store.loadStoredBody(2);
    expect(useReplayForm.getState().body).toBe('');
    expect(useReplayForm.getState().bodyNotice).toBe(
      "Webhook #2's stored body (4 bytes) is not UTF-8 text, so it cannot be edited here. Turn editing off to send its exact bytes.",
    );
  });
});
