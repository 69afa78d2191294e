import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReplayProgress } from '../../src/shared/replay';

// Webhook 14 (order A, captured) and 52 (order B, approved): the editor's body is one of them.
// Laid out already, as the editor lays out a body it can.
const BODY_14 = '{\n  "order_id": "A",\n  "event_type": "order_captured"\n}';
const BODY_52 = '{\n  "order_id": "B",\n  "event_type": "order_approved"\n}';
const texts: Record<number, string> = { 14: BODY_14, 52: BODY_52 };
/** Answers held until the test lets them go (a slow detail), by webhook id. */
const held = new Map<number, () => void>();
let holdAnswers = false;
vi.mock('@bridge', () => ({
  frontDoorHint: 'browser',
  bridge: {
    subscribe: () => () => undefined,
    getEvent: async ({ id }: { id: number }) => {
      if (holdAnswers) await new Promise<void>((resolve) => held.set(id, resolve));
      const text = texts[id] ?? '';
      return {
        id,
        requestBody: { truncated: false, text, base64: null, size: text.length },
        requestHeaders: [],
        withheld: null,
      };
    },
  },
}));

/** The store's types come through the renderer's bridge (DOM types); this test names what it uses. */
interface ReplayStoreModule {
  openSelection(
    key: string,
    firstId: number | null,
    askKeepEdits: (firstId: number | null, withdrawn: AbortSignal, madeFor: string) => Promise<boolean>,
    withdrawn?: AbortSignal,
  ): Promise<void>;
  setEditBody(on: boolean, key: string, firstId: number | null): Promise<void>;
}
interface FormState {
  editBody: boolean;
  body: string;
  bodyFor: string | null;
  viewing: string | null;
  runId: string | null;
  progress: ReplayProgress | null;
  progressFor: string | null;
}
interface ReplayFormModule {
  useReplayForm: { getState(): FormState; setState(patch: Partial<FormState>): void };
}
interface HoldsModule {
  editedBodyHold(
    form: Pick<FormState, 'editBody' | 'bodyFor'> & {
      bodyLoadFailure?: { key: string; message: string } | null;
    },
    key: string,
    firstId: number | null,
  ): string | null;
}
const replayPath = '../../src/renderer/src/features/replay/';
const store = (await import(/* @vite-ignore */ `${replayPath}replay-store`)) as ReplayStoreModule;
const { useReplayForm } = (await import(
  /* @vite-ignore */ `${replayPath}replay-form-state`
)) as ReplayFormModule;
const holds = (await import(/* @vite-ignore */ `${replayPath}replay-holds`)) as HoldsModule;

const A = 'ids=14';
const B = 'ids=52';
const form = () => useReplayForm.getState();
const never = () => Promise.reject(new Error('nothing was edited: nothing to ask'));

beforeEach(() => {
  holdAnswers = false;
  held.clear();
  useReplayForm.setState({
    editBody: false,
    body: '',
    bodyFor: null,
    viewing: null,
    runId: null,
    progress: null,
    progressFor: null,
  });
});

/** #/replay?ids=14 with Edit the body on: the editor holds #14's body. */
async function editingFourteen(): Promise<void> {
  await store.openSelection(A, 14, never);
  await store.setEditBody(true, A, 14);
  expect(form()).toMatchObject({ editBody: true, body: BODY_14, bodyFor: A });
}

// The editor loaded a body only while it was empty, from one global form: #14's body stayed in
// it under #/replay?ids=52, and Replay sent it as a replay of #52, filed under order B.
describe('the body editor belongs to the selection it was loaded for', () => {
  it('a new selection starts from its first webhook’s stored body', async () => {
    await editingFourteen();
    await store.openSelection(B, 52, never);
    expect(form()).toMatchObject({ editBody: true, body: BODY_52, bodyFor: B });
  });

  it('a body edited for the last selection is not thrown away, nor sent, without asking', async () => {
    await editingFourteen();
    useReplayForm.setState({ body: `${BODY_14} ` });
    const asked: (number | null)[] = [];
    // Thrown away: the new selection's body.
    await store.openSelection(B, 52, (firstId) => {
      asked.push(firstId);
      return Promise.resolve(false);
    });
    expect(asked).toEqual([52]);
    expect(form()).toMatchObject({ body: BODY_52, bodyFor: B });

    // Kept: the person's answer makes it this selection's.
    useReplayForm.setState({ body: 'my edit' });
    await store.openSelection(A, 14, () => Promise.resolve(true));
    expect(form()).toMatchObject({ body: 'my edit', bodyFor: A });
  });

  // Asked on #/replay (every stored webhook) after #10's body was edited, the question said the
  // replay "starts from an empty body" and never whose body the edits were: kept, #10's body went
  // out in place of #3's and #9's.
  it('the question names the webhook the edited body was made for', async () => {
    const fourteen = JSON.stringify({ ids: [14] });
    await store.openSelection(fourteen, 14, never);
    await store.setEditBody(true, fourteen, 14);
    useReplayForm.setState({ body: 'my edit' });
    const asked: string[] = [];
    await store.openSelection(
      JSON.stringify({ filter: { kinds: ['webhook'] } }),
      null,
      (_id, _w, madeFor) => {
        asked.push(madeFor);
        return Promise.resolve(false);
      },
    );
    expect(asked).toEqual(['webhook #14']);
  });

  // The question stayed over the Listener view, blocking it, and after Back (the edits' own
  // selection again) still said "This replay starts from an empty body; your edits would be lost".
  it('a question withdrawn as the view leaves its selection changes nothing: the edits stay theirs', async () => {
    await editingFourteen();
    useReplayForm.setState({ body: 'my edit' });
    const leaving = new AbortController();
    let askedWith: AbortSignal | null = null;
    // The dialog closes as it is withdrawn: closed, it answers "keep".
    const ask = (_firstId: number | null, withdrawn: AbortSignal) => {
      askedWith = withdrawn;
      return new Promise<boolean>((resolve) => withdrawn.addEventListener('abort', () => resolve(true)));
    };
    const opening = store.openSelection(B, 52, ask, leaving.signal);
    await vi.waitFor(() => expect(askedWith).toBe(leaving.signal));
    leaving.abort();
    await opening;
    // Not made #52's by the closing: back on #14 nothing is asked, and its edits are there.
    expect(form()).toMatchObject({ body: 'my edit', bodyFor: A });
    await store.openSelection(A, 14, never);
    expect(form()).toMatchObject({ body: 'my edit', bodyFor: A, viewing: A });
  });

  it('until the new selection’s body is in the editor, Replay waits, saying why', async () => {
    await editingFourteen();
    holdAnswers = true;
    const opening = store.openSelection(B, 52, never);
    await vi.waitFor(() => expect(held.has(52)).toBe(true));
    expect(holds.editedBodyHold(form(), B, 52)).toBe(
      "Waiting for webhook #52's stored body to fill the body editor.",
    );
    held.get(52)?.();
    await opening;
    expect(holds.editedBodyHold(form(), B, 52)).toBeNull();
    // Editing off, the stored bodies go: nothing to wait for.
    expect(holds.editedBodyHold({ editBody: false, bodyFor: null }, B, 52)).toBeNull();
    // A body that could not be read is not waited for in silence: the hold says why, and the way out.
    const unreadable = { key: B, message: "Webhook #52's stored body could not be read: No record #52" };
    expect(holds.editedBodyHold({ editBody: true, bodyFor: null, bodyLoadFailure: unreadable }, B, 52)).toBe(
      'Webhook #52\'s stored body could not be read: No record #52. Try again under the switch, or turn "Edit the body" off to send the stored bodies.',
    );
  });

  it('a body answered for a selection no longer shown is not put in the editor', async () => {
    await editingFourteen();
    holdAnswers = true;
    const toB = store.openSelection(B, 52, never);
    await vi.waitFor(() => expect(held.has(52)).toBe(true));
    const backToA = store.openSelection(A, 14, never);
    await vi.waitFor(() => expect(held.has(14)).toBe(true));
    held.get(14)?.();
    await backToA;
    held.get(52)?.();
    await toB;
    expect(form()).toMatchObject({ body: BODY_14, bodyFor: A });
  });
});

const ended = (runId: string): ReplayProgress => ({
  runId,
  total: 200,
  done: 113,
  sent: 113,
  failures: 0,
  unanswered: 0,
  notSent: 0,
  rate: 10,
  finished: true,
  cancelled: true,
  lastRecordIds: [],
  causes: [],
  unansweredCauses: [],
  notSentCauses: [],
  error: null,
});

// "CANCELLED 113 / 200 sent" stayed under a new, unrelated selection.
describe("a run's progress under another selection", () => {
  it('an ended run of another selection is not shown under a new one; its own selection keeps it', async () => {
    useReplayForm.setState({ runId: 'run-1', progress: ended('run-1'), progressFor: A });
    await store.openSelection(A, 14, never);
    expect(form().progress?.runId).toBe('run-1');
    await store.openSelection(B, 52, never);
    expect(form()).toMatchObject({ runId: null, progress: null });
  });

  it('a run still going is kept under any selection: it can be followed and cancelled', async () => {
    useReplayForm.setState({
      runId: 'run-2',
      progress: { ...ended('run-2'), finished: false },
      progressFor: A,
    });
    await store.openSelection(B, 52, never);
    expect(form().progress?.runId).toBe('run-2');
  });
});
