import { beforeEach, describe, expect, it, vi } from 'vitest';

// The Replay view's body editor fills from the first selected record, read through this bridge.
const stored: Record<number, { text: string | null; base64: string | null; size: number }> = {
  1: { text: '{"event_type":"order_approved","data":[]}', base64: null, size: 41 },
  2: { text: null, base64: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]).toString('base64'), size: 4 },
  12: { text: null, base64: Buffer.alloc(1234, 0xff).toString('base64'), size: 1234 },
  4: {
    text: '{"event_type":"order_approved","data":{"amount":1754.280,"big":12345678901234567890,"dup":1,"dup":2,"e":1e2,"s":"\\u00e9"}}',
    base64: null,
    size: 112,
  },
};
/** Record 3's body is withheld: a profile token it may echo cannot be opened by this process. */
const WITHHELD = {
  secrets: ["Sandbox's API token"],
  reason:
    'Sandbox\'s API token cannot be opened by this process, so it could not be masked where this record may echo it: sealed with "safestorage", the desktop app\'s protection',
  wayOut:
    'To forget it (then set a new token with profiles set): checkout-console profiles forget-secret Sandbox.',
  parts: ['requestBody'],
};
/** Record 5 came saying its plain JSON was gzip: the listener's judgement has a finding for it. */
const HEADERS: Record<number, [string, string][]> = {
  5: [
    ['Content-Type', 'application/json'],
    ['Content-Encoding', 'gzip'],
    ['Content-Length', '80'],
  ],
};
stored[5] = {
  text: '{"order_id":"2f0c7b52-5f57-4f1e-9d0a-7f1d2f0c7b52","order_reference_id":"R-1","order_number":"N-1","event_type":"order_approved","data":[]}',
  base64: null,
  size: 128,
};
vi.mock('@bridge', () => ({
  frontDoorHint: 'browser',
  bridge: {
    subscribe: () => () => undefined,
    getEvent: ({ id }: { id: number }) =>
      id === 9
        ? Promise.reject(new Error('No record #9: it was removed by the retention policy'))
        : Promise.resolve(
            id === 3
              ? { id, requestBody: null, withheld: WITHHELD }
              : {
                  id,
                  requestHeaders: HEADERS[id] ?? [],
                  requestBody: { truncated: false, ...stored[id] },
                  withheld: null,
                },
          ),
  },
}));

/** The store's types come through the renderer's bridge (DOM types); this test names what it uses. */
interface ReplayStoreModule {
  loadStoredBody(id: number, key: string): Promise<void>;
  setEditBody(on: boolean, key: string, firstId: number | null): Promise<void>;
  checkStoredBody(id: number, key: string): Promise<void>;
  formatBody(): boolean;
}
interface ReplayFormModule {
  useReplayForm: {
    getState(): {
      body: string;
      storedBody: string | null;
      editBody: boolean;
      bodyFor: string | null;
      bodyLoadFailure: { key: string; message: string } | null;
      bodyLocked: { id: number; kind: string; reason: string; replayReason: string | null } | null;
    };
    setState(patch: Record<string, unknown>): void;
  };
  bodyToSend(form: ReturnType<ReplayFormModule['useReplayForm']['getState']>, key: string): string | null;
}
interface ReplayBodyPreviewModule {
  replayBodyJudgement(
    form: ReturnType<ReplayFormModule['useReplayForm']['getState']>,
    firstId: number | null,
  ): { verdict: string; eventType: string | null; findings: { severity: string; message: string }[] };
}
const storePath = '../../src/renderer/src/features/replay/replay-store';
const previewPath = '../../src/renderer/src/features/replay/replay-body-preview';
const formPath = '../../src/renderer/src/features/replay/replay-form-state';
const store = (await import(/* @vite-ignore */ storePath)) as ReplayStoreModule;
const { useReplayForm, bodyToSend } = (await import(/* @vite-ignore */ formPath)) as ReplayFormModule;
const { replayBodyJudgement } = (await import(/* @vite-ignore */ previewPath)) as ReplayBodyPreviewModule;

/** The selection the view shows: what is asked for it is put in the form. */
const SHOWN = 'ids=1';
beforeEach(() =>
  useReplayForm.setState({
    viewing: SHOWN,
    body: '',
    editBody: false,
    bodyFor: null,
    bodyLoadFailure: null,
    bodyLocked: null,
  }),
);

describe('the body editor filled from a stored webhook', () => {
  // Laid out on lines as it came in, an untouched "edited" replay sent a multi-line body where
  // the service had sent a compact one: bytes no one typed, sent as the webhook's.
  it('a compact JSON body comes in as stored, to the byte, and goes out so untouched', async () => {
    await store.loadStoredBody(1, SHOWN);
    const { body } = useReplayForm.getState();
    expect(body).toBe(stored[1]?.text);
    expect(useReplayForm.getState()).toMatchObject({ storedBody: body, bodyLocked: null });
    // Untouched, the replay sends the stored bytes themselves (null), never the editor's copy,
    // which is masked where the body echoes a profile's secret.
    expect(bodyToSend(useReplayForm.getState(), SHOWN)).toBeNull();
    useReplayForm.setState({ editBody: true, body: `${body} ` });
    expect(bodyToSend(useReplayForm.getState(), SHOWN)).toBe(`${body} `);
    expect(bodyToSend(useReplayForm.getState(), 'ids=2')).toBeNull();
  });

  it('Format lays it out on lines only when asked, and only where no value changes', async () => {
    await store.loadStoredBody(1, SHOWN);
    expect(store.formatBody()).toBe(true);
    expect(useReplayForm.getState().body).toBe('{\n  "event_type": "order_approved",\n  "data": []\n}');
    await store.loadStoredBody(4, SHOWN);
    expect(store.formatBody()).toBe(false);
    expect(useReplayForm.getState().body).toBe(stored[4]?.text);
  });

  // Laid out again through JSON.parse, an unchanged body went out as 1754.28, 12345678901234567000,
  // one "dup" and 100: values the webhook never carried, sent as if the person had typed them.
  it('a body that JSON.parse would read otherwise than it is written comes in as stored, to the byte', async () => {
    await store.loadStoredBody(4, SHOWN);
    expect(useReplayForm.getState().body).toBe(stored[4]?.text);
  });

  // The editor stayed on, empty, under a notice, and Replay sent an empty body in its place.
  it('a body that is not UTF-8 is never edited (nor replayed) as an empty one: editing stops, saying why', async () => {
    useReplayForm.setState({ editBody: true });
    await store.loadStoredBody(2, SHOWN);
    expect(useReplayForm.getState()).toMatchObject({
      editBody: false,
      body: '',
      bodyLocked: {
        id: 2,
        kind: 'not-text',
        reason:
          "Webhook #2's stored body (4 bytes) is not UTF-8 text, so it cannot be edited here: unedited, its exact bytes are sent.",
        // Replay is offered: it sends those bytes.
        replayReason: null,
      },
    });
  });

  // "(1234 bytes)": a count is written as every message writes one (countOf).
  it("says a large body's bytes grouped in threes", async () => {
    await store.loadStoredBody(12, SHOWN);
    expect(useReplayForm.getState().bodyLocked?.reason).toBe(
      "Webhook #12's stored body (1,234 bytes) is not UTF-8 text, so it cannot be edited here: unedited, its exact bytes are sent.",
    );
  });

  it('a withheld body is never edited (nor replayed) as an empty one: editing stops, saying why', async () => {
    // The detail was refused whole, and the editor stayed empty; a detail that withholds the
    // body would have filled it with nothing, replayed as an empty body.
    useReplayForm.setState({ editBody: true });
    await store.loadStoredBody(3, SHOWN);
    const state = useReplayForm.getState();
    expect(state).toMatchObject({ editBody: false, body: '' });
    expect(state.bodyLocked?.id).toBe(3);
    expect(state.bodyLocked?.kind).toBe('withheld');
    expect(state.bodyLocked?.reason).toMatch(
      /^Webhook #3's stored body is withheld here, so it cannot be edited/,
    );
    expect(state.bodyLocked?.reason).toContain("Sandbox's API token");
    expect(state.bodyLocked?.reason).toContain('checkout-console profiles forget-secret Sandbox');
    // Replay itself is not offered either (main refuses it), saying why.
    expect(state.bodyLocked?.replayReason).toMatch(
      /^Not offered: Sandbox's API token cannot be opened by this process, so what a replay of webhook #3 sends/,
    );
  });

  it('said before "Edit the body" is pressed, and cleared for a body that can be edited', async () => {
    await store.checkStoredBody(3, SHOWN);
    expect(useReplayForm.getState().bodyLocked?.id).toBe(3);
    await store.checkStoredBody(1, SHOWN);
    expect(useReplayForm.getState().bodyLocked).toBeNull();
    await store.checkStoredBody(2, SHOWN);
    expect(useReplayForm.getState().bodyLocked).toMatchObject({ id: 2, kind: 'not-text' });
  });

  // The read's failure was swallowed: the editor said "Loading webhook #9's stored body…" for
  // ever, and Replay waited for it without saying why.
  it('a stored body that cannot be read says why, for its selection, and a new try clears it', async () => {
    await store.setEditBody(true, SHOWN, 9);
    expect(useReplayForm.getState()).toMatchObject({
      editBody: true,
      bodyFor: null,
      bodyLoadFailure: {
        key: SHOWN,
        message:
          "Webhook #9's stored body could not be read: No record #9: it was removed by the retention policy",
      },
    });
    await store.loadStoredBody(1, SHOWN);
    expect(useReplayForm.getState()).toMatchObject({ bodyFor: SHOWN, bodyLoadFailure: null });
  });

  // The preview judged the body alone and read "event" while the listener, given the headers the
  // replay carries, recorded it "event · 1 finding" (Content-Encoding: gzip on plain JSON).
  it('the preview judges the body with the headers its replay sends, as the listener does', async () => {
    await store.loadStoredBody(5, SHOWN);
    const judged = replayBodyJudgement(useReplayForm.getState(), 5);
    expect(judged).toMatchObject({ verdict: 'event', eventType: 'order_approved' });
    expect(judged.findings.map((finding) => finding.message)).toEqual([
      expect.stringMatching(/^The request says Content-Encoding: gzip, so the body is compressed/),
    ]);
    // A kept plan (a reload) fills the editor without loading the body: the check keeps them too.
    useReplayForm.setState({ bodyHeaders: null });
    await store.checkStoredBody(5, SHOWN);
    expect(replayBodyJudgement(useReplayForm.getState(), 5).findings).toHaveLength(1);
    // Another first webhook's headers are not this one's.
    expect(replayBodyJudgement(useReplayForm.getState(), 1).findings).toEqual([]);
  });
});
