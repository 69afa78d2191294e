import type { BodyVerdict } from '../../../shared/events';
import type { EventsRepository } from '../../store/events-repository';
import type { CheckResult } from '../../../shared/scenarios/scenario-results';
import { ABSENT_ACTUAL } from '../../../shared/scenarios/expectations';
import type { WEBHOOK_FINDINGS_EXPECTATIONS } from '../../../shared/scenarios/scenario-schema';
import { storedBodyFindings, type BodyFinding } from '../../../shared/webhook-details';

type FindingsExpectation = (typeof WEBHOOK_FINDINGS_EXPECTATIONS)[number];

/** What a step says of a body: its `findings` key, and the body verdict it expects, if any. */
interface FindingsStep {
  findings?: FindingsExpectation | undefined;
  body?: BodyVerdict | undefined;
}

/**
 * The error findings the listener stored with a webhook record, or null when it carries no
 * judgement that can be read (damaged). Read, never judged again, so a run says of a body what
 * the timeline and the order say of it.
 */
export function storedBodyErrors(details: unknown): BodyFinding[] | null {
  return storedBodyFindings(details)?.filter((finding) => finding.severity === 'error') ?? null;
}

/** The errors stored with a webhook record, read by its id; null as storedBodyErrors says. */
export function recordBodyErrors(
  events: Pick<EventsRepository, 'getDetail'>,
  recordId: number,
): BodyFinding[] | null {
  return storedBodyErrors(events.getDetail(recordId)?.details ?? null);
}

/**
 * What the step expects of them, unless it says: a body expected to be a notification (event,
 * legacy) is expected to be one without errors; the other verdicts (empty, invalid_json…) are
 * a body against the spec by their very name, and their error says only that again. A step that
 * expects no body verdict at all (a send-webhook step testing a token) does not judge the body.
 */
function expectationOf(step: FindingsStep): FindingsExpectation {
  if (step.findings !== undefined) return step.findings;
  return step.body === 'event' || step.body === 'legacy' ? 'no-errors' : 'any';
}

/** The expected side of the findings check, in its words; null when the step does not check them. */
export function expectedFindings(step: FindingsStep): 'no errors' | 'an error' | null {
  const expectation = expectationOf(step);
  if (expectation === 'any') return null;
  return expectation === 'no-errors' ? 'no errors' : 'an error';
}

/** A finding in the words the listener's record lists it: `error data: data must be …`. */
const findingLine = (finding: BodyFinding) =>
  `${finding.severity}${finding.path === '' ? '' : ` ${finding.path}`}: ${finding.message}`;

/**
 * The body findings check of a webhook step; null when the step does not check them. `what`:
 * the check's name (a send-webhook step's says it is the listener's record of its send).
 */
export function bodyFindingsCheck(
  step: FindingsStep,
  errors: BodyFinding[] | null,
  what = 'body findings',
): CheckResult | null {
  const expected = expectedFindings(step);
  if (expected === null) return null;
  // Nothing to read is no value: absent, as every step's unseen side is (a sentence here read
  // as the findings the record held); the step's line says why (bodyErrorsWords).
  if (errors === null) return { what, expected, ...ABSENT_ACTUAL, passed: false };
  return {
    what,
    expected,
    actual: errors.length === 0 ? 'no errors' : errors.map(findingLine).join('; '),
    passed: expected === 'no errors' ? errors.length === 0 : errors.length > 0,
  };
}

/** Why a findings check has no actual value, in the step's line. */
export const UNREADABLE_FINDINGS =
  'its findings not known: the record carries no readable judgement of its body';

/** The errors after the body's verdict in the step's line: `body event with an error: …`. */
export function bodyErrorsWords(errors: BodyFinding[] | null): string {
  if (errors === null) return `, ${UNREADABLE_FINDINGS}`;
  if (errors.length === 0) return '';
  const count = errors.length === 1 ? 'an error' : `${errors.length} errors`;
  return ` with ${count}: ${errors.map((finding) => finding.message.replace(/\.$/u, '')).join('; ')}`;
}
