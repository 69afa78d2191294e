import { describe, expect, it } from 'vitest';
import { formatWebhookLine } from '../../src/main/cli/commands/listen';
import { verdictLook, type VerdictRef } from '../../src/renderer/src/features/jwt/verdict-look';
import { timelineSummary } from './helpers/timeline-summary';

// An empty body on a webhook is a finding (the spec's notification carries order_id,
// event_type…), and the window and `listen` say so in the same words.

describe('a body verdict with its findings, in the window and in listen', () => {
  it('an empty body reads as a problem, not a calm grey or teal chip', () => {
    const look = verdictLook({ kind: 'body', verdict: 'empty', findings: 1 });
    expect(look).toMatchObject({ good: false, label: 'empty · 1 finding' });
    expect(['gray', 'teal', 'green']).not.toContain(look.color);
    // An old record stored before its judgement carried the finding still is not calm.
    expect(['gray', 'teal', 'green']).not.toContain(
      verdictLook({ kind: 'body', verdict: 'empty', findings: null }).color,
    );
  });

  it('a view says how many findings a body has (null: not known); leaving it out does not type-check', () => {
    // The Builder's followed order left it out, and drew a body with a finding as a plain green "event".
    // @ts-expect-error findings is required of a body's verdict.
    const forgotten: VerdictRef = { kind: 'body', verdict: 'event' };
    expect(forgotten.kind).toBe('body');
  });

  it('listen prints the label the window shows', () => {
    for (const [verdict, findings] of [
      ['empty', 1],
      ['event', 2],
      ['event', 0],
    ] as const) {
      const line = formatWebhookLine(
        timelineSummary(1, new Date(0), { bodyVerdict: verdict, bodyFindings: findings }),
      );
      expect(line).toContain(`body=${verdictLook({ kind: 'body', verdict, findings }).label}  `);
    }
  });
});

// A webhook without a token is one nothing vouches for: the spec's notifications carry it in
// both places. It was drawn in the calm grey of "not applicable".
describe('a token verdict', () => {
  it('missing reads as a problem, not a calm grey chip', () => {
    const look = verdictLook({ kind: 'token', verdict: 'missing' });
    expect(look.good).toBe(false);
    expect(['gray', 'teal', 'green']).not.toContain(look.color);
  });
});

// A row whose findings column was damaged in the database (store/stored-columns.ts) was listed
// as a plain green "event": an unreadable count is never "no findings".
describe('findings whose stored column is damaged', () => {
  it('draw as unreadable, never as good', () => {
    const body = verdictLook({ kind: 'body', verdict: 'event', findings: 'unreadable' });
    expect(body).toMatchObject({ label: 'event · findings unreadable', good: false, color: 'orange' });
    expect(body.meaning).toContain('damaged in the database');
    const token = verdictLook({ kind: 'token', verdict: 'valid', findings: 'unreadable' });
    expect(token).toMatchObject({ label: 'valid · warnings unreadable', good: false });
  });
});
