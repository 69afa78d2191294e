import type { OrderDetail } from '../../shared/contract/orders';
import { formatMoney } from '../../shared/money-format';
import {
  ENTRY_EFFECT_WORDS,
  findingsWords,
  LAST_ACTIVITY_LABEL,
  isCountedEntry,
  isCountedFinding,
  STRIP_STATUS_WORDS,
  summariseLifecycle,
  type OrderSummary,
  type StripStep,
} from '../../shared/orders/order-lifecycle';
import { findingsSeverityWords } from '../../shared/orders/findings-severity';
import { lastEvidenceWords } from '../../shared/orders/last-evidence';
import { otherProfileWord } from '../../shared/orders/order-profile';
import { stepEvidence } from '../../shared/orders/strip-steps';
import { LIFECYCLE_STEP_WORDS } from '../../shared/orders/order-states';
import { NO_STATE_WHY, NO_STATE_WORD } from '../../shared/orders/order-known-from';
import { stateByDefaultWords, totalUnknownWords } from '../../shared/orders/operation-availability';
import { orderTotalWords } from '../../shared/orders/order-total-words';
import { bodyVerdictLabel, tokenVerdictLabel } from '../../shared/jwt/token-verdict-meaning';
import { whoseWord } from '../../shared/provenance';
import { recordStatusWord } from '../../shared/record-status';
import { formatTable } from './format-table';
import { terminalSafe } from './terminal-text';

const dash = (value: string | null | undefined) =>
  value === null || value === undefined ? '—' : terminalSafe(value);

/** One order of the list, as `--json` prints it (snake_case, like `history --json`). */
export function orderSummaryJson(order: OrderSummary) {
  return {
    order_id: order.orderId,
    state: order.state,
    /** The documented default decided the state, not the amounts: the total is unknown here. */
    state_by_default: order.stateByDefault,
    /** `service`, or `import` / `console` for an order no evidence of this console's own speaks of. */
    known_from: order.knownFrom,
    reference_id: order.referenceId,
    amount: order.amount,
    currency: order.currency,
    profile: order.profileName,
    /** The service's creation (its create-checkout answer); null when this console holds no record of it (see first_seen_at). */
    created_at: order.createdAt,
    first_seen_at: order.firstSeenAt,
    /** The list's order: the last evidence's time, else (no evidence) the first record's. */
    last_activity_at: order.lastActivityAt,
    /** The newest counted evidence's time; null when the order has none (last_activity_at is then first_seen_at). */
    last_evidence_at: order.lastEvidenceAt,
    records: order.recordCount,
    out_of_order: order.outOfOrder,
    findings: order.findings,
    /** The worst of them, `error` or `warning` (the list's badge is red only for an error); null when none. */
    findings_severity: order.findingsSeverity,
  };
}

/**
 * The state as the list prints it: the code, with the view's words when the documented default
 * decided it (`fully_captured (captured, total unknown)`, `fully_refunded (refunded, total
 * unknown)`), as `orders show` prints it.
 */
function listedState(order: OrderSummary): string {
  if (order.state === null) return NO_STATE_WORD[order.knownFrom];
  const byDefault = stateByDefaultWords(order);
  return byDefault === null ? order.state : `${order.state} (${byDefault.short})`;
}

export function ordersTable(orders: readonly OrderSummary[]): string {
  if (orders.length === 0) return 'No orders.\n';
  return formatTable(
    // The order's findings (evidence that contradicts it), not its records' body findings: a
    // record's own warnings are in `orders show`'s BODY column, and "FINDINGS 0" read as none at all.
    ['ORDER', 'STATE', 'REFERENCE', 'AMOUNT', 'PROFILE', LAST_ACTIVITY_LABEL.toUpperCase(), 'ORDER FINDINGS'],
    orders.map((order) => [
      terminalSafe(order.orderId),
      listedState(order),
      dash(order.referenceId),
      // The view's words for it (its list and its Amount): no create-checkout call of this console's own.
      orderTotalWords(order.amount, order.currency),
      dash(order.profileName),
      lastEvidenceWords(order, terminalSafe),
      // Words where the view has a hue: "1 finding, a warning" is not the error the count alone read as.
      order.findings === 0 ? '0' : findingsSeverityWords(order.findings, order.findingsSeverity),
    ]),
  );
}

/**
 * One order as `orders show --json` prints it: state, amounts, findings, and every record marked;
 * with `emulatorNote`, what this console's emulator holds of it when that is not its state
 * (emulator-held-state.ts), as the text and the Orders view say beside the state.
 */
export function orderDetailJson({ lifecycle, records }: OrderDetail, emulatorNote: string | null = null) {
  const byId = new Map(records.map((record) => [record.id, record]));
  const { facts } = lifecycle;
  // The fields the list also shows are named by the list's own mapping, so the two never drift.
  const { order_id, state, state_by_default, known_from, reference_id, profile, currency } = orderSummaryJson(
    summariseLifecycle(lifecycle),
  );
  return {
    order_id,
    state,
    state_by_default,
    /** Null when the emulator holds the order as its state, or does not hold it. */
    emulator_note: emulatorNote,
    known_from,
    reference_id,
    order_number: facts.orderNumber,
    profile,
    currency,
    amounts: {
      total: facts.amount,
      /** Why the total is unknown when its create-checkout request gives one that cannot be counted. */
      total_unknown: facts.totalUnknown,
      captured: facts.capturedAmount,
      refunded: facts.refundedAmount,
      canceled: facts.canceledAmount,
      remaining_to_capture: facts.remainingToCapture,
      remaining_to_refund: facts.remainingToRefund,
    },
    findings: lifecycle.findings.map((finding) => ({
      record_id: finding.recordId,
      severity: finding.severity,
      code: finding.code,
      message: finding.message,
    })),
    strip: lifecycle.strip.map((step) => ({
      step: step.step,
      status: step.status,
      at: step.at,
      record_id: step.recordId,
      source: step.source,
      /** The proving record came out of order: what was done with it and why (its entry's words). */
      late: step.late,
      reached_record_id: step.reachedRecordId,
      reached_by: step.reachedBy,
      detail: step.detail,
    })),
    records: lifecycle.entries.map((entry) => {
      const record = byId.get(entry.recordId);
      return {
        id: entry.recordId,
        at: entry.at,
        kind: entry.kind,
        /** Whose doing it is, as stored: `service` says only that the console did not make it. */
        provenance: entry.provenance,
        /** An import's provenance where it came from (its file's word: never evidence); else null. */
        original_provenance: entry.originalProvenance,
        /** Whether it counted as the service's own, verified evidence (the entry's judgement). */
        // A record not given has no status to read: a failed call is then one that got no answer.
        evidence: isCountedEntry(entry, record ?? { status: null }),
        what: entry.what,
        effect: entry.effect,
        state_after: entry.stateAfter,
        why: entry.evidence,
        linked_record_id: entry.linkedRecordId,
        /** The profile it came under when that is not the order's: not counted (order-profile.ts). */
        other_profile: entry.otherProfile,
        status: record?.status ?? null,
        token_verdict: record?.tokenVerdict ?? null,
        body_verdict: record?.bodyVerdict ?? null,
        body_findings: record?.bodyFindings ?? null,
      };
    }),
  };
}

/**
 * The strip's steps, one a line, in its words: what reached each step and, when a stronger
 * record came after it (the webhook after the answer), what confirmed it, as the strip's
 * "confirmed by" link says; and, as the record list says, a record that came out of order.
 */
function stripTable(strip: readonly StripStep[]): string {
  const byWords = (words: string, recordId: number) => `${words} #${recordId}`.trimStart();
  return formatTable(
    ['STEP', 'STATUS', 'AT', 'BY', 'DETAIL'],
    strip.map((step) => {
      const evidence = stepEvidence(step);
      const by =
        evidence === null
          ? step.status === 'unseen' || step.status === 'unknown'
            ? 'no record'
            : '—'
          : `${byWords(evidence.reached.words, evidence.reached.recordId)}${
              evidence.confirmed === null
                ? ''
                : `, ${byWords(evidence.confirmed.words, evidence.confirmed.recordId)}`
            }${evidence.late === null ? '' : ` (${terminalSafe(evidence.late)})`}`;
      return [
        LIFECYCLE_STEP_WORDS[step.step],
        STRIP_STATUS_WORDS[step.status],
        step.at ?? '—',
        by,
        step.detail ?? '',
      ];
    }),
  );
}

/** One order for a person: what the Orders view shows, in the same words. */
export function orderDetailText(detail: OrderDetail, emulatorNote: string | null = null): string {
  const json = orderDetailJson(detail, emulatorNote);
  const summaryOf = new Map(detail.records.map((record) => [record.id, record]));
  const money = (amount: string | null) => formatMoney(amount, json.currency);
  const byDefault = stateByDefaultWords(
    { state: json.state, stateByDefault: json.state_by_default },
    json.amounts.total_unknown,
  );
  const state =
    json.state === null
      ? `${NO_STATE_WORD[json.known_from]}: ${NO_STATE_WHY[json.known_from]}`
      : byDefault === null
        ? json.state
        : `${json.state} (${byDefault.short}): ${byDefault.why}`;
  const lines = [
    `Order ${terminalSafe(json.order_id)}`,
    `  state      ${state}`,
    // Beside the state, as the Orders view says it (emulator-held-state.ts); it moves nothing.
    ...(json.emulator_note === null ? [] : [`  emulator   ${terminalSafe(json.emulator_note)}`]),
    `  reference  ${dash(json.reference_id)}`,
    `  profile    ${dash(json.profile)}`,
    `  total      ${json.amounts.total === null ? totalUnknownWords(json.amounts.total_unknown) : money(json.amounts.total)}`,
    `  captured   ${money(json.amounts.captured)}`,
    `  refunded   ${money(json.amounts.refunded)}`,
    ...(json.amounts.canceled === null ? [] : [`  canceled   ${money(json.amounts.canceled)}`]),
  ];
  // What the count counts: findings about the order. A record's body may have findings of its
  // own (the listener's warning on an event type the spec does not list): "findings none" right
  // above "#40 webhook … 1 finding" read as a contradiction, so those records are named here.
  const withBodyFindings = json.records.filter((record) => (record.body_findings ?? 0) > 0);
  const bodies =
    withBodyFindings.length === 0
      ? ''
      : ` (about its records' bodies: ${withBodyFindings.map((record) => `#${record.id} ${record.body_findings === 1 ? '1 finding' : `${record.body_findings ?? 0} findings`}`).join(', ')}, under BODY)`;
  lines.push(
    json.findings.length === 0
      ? `  findings   none about the order${bodies}`
      : `  findings   ${json.findings.length}: ${findingsWords(json.findings)}${bodies}`,
  );
  for (const finding of json.findings)
    lines.push(
      `    #${finding.record_id} ${finding.code}: ${terminalSafe(finding.message)}${isCountedFinding(finding) ? '' : '; not counted'}`,
    );
  lines.push(
    '',
    'Lifecycle (as the Orders view’s strip shows it):',
    stripTable(detail.lifecycle.strip).trimEnd(),
  );
  lines.push('', "Records (only the service's own, verified evidence moves the order):");
  const table = formatTable(
    ['ID', 'AT', 'KIND', 'WHOSE', 'WHAT', 'STATUS', 'TOKEN', 'BODY', 'EFFECT', 'STATE AFTER'],
    json.records.map((record) => [
      `#${record.id}${record.linked_record_id === null ? '' : ` (arrived as #${record.linked_record_id})`}`,
      record.at,
      record.kind,
      // A webhook whose token did not verify reads `unverified`: anyone could have sent it; one
      // verified under another profile's token, that profile's service (otherProfileWord).
      record.other_profile === null
        ? whoseWord({
            provenance: record.provenance,
            originalProvenance: record.original_provenance,
            kind: record.kind,
            tokenVerdict: record.token_verdict,
          })
        : terminalSafe(otherProfileWord(record.other_profile)),
      terminalSafe(record.what),
      // The Orders view's "Status, verdicts" column, in History's words (one judgement of a body):
      // a delivery the emulator dropped is `not sent`, a call with no answer `failed`.
      recordStatusWord(summaryOf.get(record.id) ?? { status: record.status, error: null }, '-'),
      // With its warnings, as history and the Orders view label it: a token sent only in
      // ?serviceToken= is valid, not clean.
      record.token_verdict === null
        ? '-'
        : tokenVerdictLabel(record.token_verdict, summaryOf.get(record.id)?.tokenFindings?.length ?? null),
      record.body_verdict === null ? '-' : bodyVerdictLabel(record.body_verdict, record.body_findings),
      ENTRY_EFFECT_WORDS[record.effect],
      record.state_after ?? '—',
    ]),
  );
  // What each record did, and why: the reason a record did not count (unverified, the console's
  // doing, a contradiction) was only in --json.
  const why = json.records.map((record) => `  #${record.id}  ${terminalSafe(record.why)}`);
  return `${lines.join('\n')}\n${table}\nWhy:\n${why.join('\n')}\n`;
}
