import type { z } from 'zod';
import type { TimelineSummary } from '../../../shared/events';
import { equalityCheck } from '../../../shared/scenarios/expectations';
import type { CheckResult } from '../../../shared/scenarios/scenario-results';
import type { sendWebhookStepSchema } from '../../../shared/scenarios/scenario-schema';
import type { EventsRepository } from '../../store/events-repository';
import {
  bodyErrorsWords,
  bodyFindingsCheck,
  expectedFindings,
  recordBodyErrors,
} from './webhook-findings-check';

type ListenerExpectations = Pick<
  NonNullable<z.output<typeof sendWebhookStepSchema>['expect']>,
  'verdict' | 'bodyVerdict' | 'findings'
>;

/** What the listener's record of a send said, and the words the step's line says it in. */
interface ListenerRecordJudgement {
  checks: CheckResult[];
  words: string;
}

/**
 * Why there is no listener record of a send: its answer named none (it went to another endpoint,
 * or got no answer), or the record it named cannot be read.
 */
const noRecordWords = (listenerRecordId: number | null) =>
  listenerRecordId === null
    ? "no listener record: the send did not reach this console's listener"
    : `no listener record: the listener's record #${listenerRecordId} of the send cannot be read`;

/**
 * A send-webhook step's checks of the listener's record of what it sent: its token and body
 * verdicts, and the errors it stored with the body, read as expect-webhook reads them (never
 * judged again). With no record, each expected side is absent (a stand-in string read as a
 * verdict the listener gave) and the step's line says why.
 */
export function listenerRecordChecks(
  events: Pick<EventsRepository, 'getDetail'>,
  expect: ListenerExpectations,
  sent: { listenerRecordId: number | null; received: TimelineSummary | undefined },
): ListenerRecordJudgement {
  const { received } = sent;
  const findingsStep = { findings: expect.findings, body: expect.bodyVerdict };
  const verdicts = [
    ['listener token verdict', expect.verdict, received?.tokenVerdict ?? undefined],
    ['listener body verdict', expect.bodyVerdict, received?.bodyVerdict ?? undefined],
  ] as const;
  const checks = verdicts.flatMap(([what, expected, actual]) =>
    expected === undefined ? [] : [equalityCheck(what, expected, actual)],
  );
  if (received === undefined) {
    const findingsExpected = expectedFindings(findingsStep);
    if (findingsExpected !== null)
      checks.push(equalityCheck('listener body findings', findingsExpected, undefined));
    return { checks, words: checks.length === 0 ? '' : `, ${noRecordWords(sent.listenerRecordId)}` };
  }
  const errors = recordBodyErrors(events, received.id);
  const findings = bodyFindingsCheck(findingsStep, errors, 'listener body findings');
  if (findings !== null) checks.push(findings);
  return {
    checks,
    words: `, listener record #${received.id} token ${received.tokenVerdict ?? 'not judged'}, body ${received.bodyVerdict ?? 'not judged'}${bodyErrorsWords(errors)}`,
  };
}
