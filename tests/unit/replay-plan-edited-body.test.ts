import { describe, expect, it } from 'vitest';
import type { ConsoleCore } from '../../src/main/app';
import type { CommandName } from '../../src/shared/contract';
import { bodyToSend, REPLAY_FORM_DEFAULTS } from '../../src/renderer/src/features/replay/replay-form-state';
import {
  planReplayRequest,
  replayPlanInput,
} from '../../src/renderer/src/features/replay/replay-plan-request';
import { payload } from '../fixtures/hostile-webhooks';
import { listening, merchant, receive } from './helpers/replay-targets';

const call = (core: ConsoleCore, command: CommandName, input: unknown) =>
  core.dispatcher(command, input, { transport: 'direct' });

/**
 * The Replay view plans as it is filled in, before the edited body is sent (it may be a
 * megabyte, typed key by key): the plan is told only that the body will be edited. Without it,
 * a webhook stored cut was refused by the plan ("Edit the body to replay it") with the body
 * edited, and Replay stayed disabled.
 */
describe('the plan of a replay with an edited body', () => {
  it('takes a webhook stored cut, named by id or by a filter, once it is told the body is edited', async () => {
    const open = await listening();
    const cut = await receive(open, payload('order_approved', { pad: 'x'.repeat(2 * 1024 * 1024) }));
    expect(open.core.events.getRow(cut)?.request_truncated).toBe(1);
    const target = await merchant(200);
    const byId = { ids: [cut], target: { kind: 'url', url: target.url } };

    expect(await call(open.core, 'planReplay', byId)).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('Edit the body to replay it') },
    });
    expect(await call(open.core, 'planReplay', { ...byId, bodyEdited: true })).toMatchObject({
      ok: true,
      data: { webhooks: 1, sends: 1 },
    });

    const byFilter = { filter: {}, target: { kind: 'url', url: target.url } };
    expect(await call(open.core, 'planReplay', byFilter)).toMatchObject({ ok: false });
    expect(await call(open.core, 'planReplay', { ...byFilter, bodyEdited: true })).toMatchObject({
      ok: true,
      data: { webhooks: 1, leftOut: { raw: 0, cut: 0 } },
    });
  });

  // "Edit the body" switched on and nothing changed sends the stored bytes (bodyToSend), but
  // the plan was told the body was edited: it took a webhook stored cut that the start then
  // refused, saying "Edit the body to replay it" only once Replay was pressed.
  it('plans an edit left as it was loaded as the start sends it: the stored body', async () => {
    const open = await listening();
    const cut = await receive(open, payload('order_approved', { pad: 'x'.repeat(2 * 1024 * 1024) }));
    const target = await merchant(200);
    const selection = { ids: [cut] };
    const key = `ids:${cut}`;
    const loaded = '{"event_type":"order_approved","pad":"xx';
    const untouched = {
      ...REPLAY_FORM_DEFAULTS,
      target: 'url' as const,
      url: target.url,
      editBody: true,
      body: loaded,
      storedBody: loaded,
      bodyFor: key,
    };
    const start = {
      ...selection,
      target: { kind: 'url', url: target.url },
      body: bodyToSend(untouched, key),
    };
    const refusal = { ok: false, error: { message: expect.stringContaining('Edit the body to replay it') } };
    expect(await call(open.core, 'startReplay', start)).toMatchObject(refusal);
    const asked = planReplayRequest(replayPlanInput(untouched, selection, key));
    expect(asked).toMatchObject({ bodyEdited: false });
    expect(await call(open.core, 'planReplay', asked)).toMatchObject(refusal);

    // Changed, the body is the person's own: planned and started alike.
    const edited = { ...untouched, body: '{"event_type":"order_approved"}' };
    expect(
      await call(open.core, 'planReplay', planReplayRequest(replayPlanInput(edited, selection, key))),
    ).toMatchObject({ ok: true, data: { webhooks: 1, sends: 1 } });
    expect(bodyToSend(edited, key)).toBe(edited.body);
    expect(target.received).toHaveLength(0);
  });

  it('checks the flag as it checks every input', async () => {
    const open = await listening();
    const id = await receive(open, payload('order_approved'));
    const refused = await call(open.core, 'planReplay', { ids: [id], bodyEdited: 'yes' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(refused.ok ? [] : refused.error.issues.map((issue) => issue.path)).toEqual(['bodyEdited']);
  });
});
