import { z } from 'zod';
import type { TimelineSummary } from '../events';
import { notAnAnswer } from '../answer-problems';
import { clientOperationSchema, type ClientOperation } from '../merchant-api';

/**
 * One stored record of an order, as the derivation reads it: the timeline summary plus the
 * JSON it carried (a webhook's payload, a request's body and its answer) and its details.
 * Main builds these from `events` rows; tests build them by hand.
 */
export interface OrderRecord extends TimelineSummary {
  /** The request body parsed as JSON (a webhook's payload; a call's request body), else null. */
  requestJson: unknown;
  /** The response body parsed as JSON (a call's answer), else null. */
  responseJson: unknown;
  /**
   * The texts requestJson and responseJson were parsed from, where the record was read from its
   * stored bodies: JSON.parse holds `1.0000000000000001` as 1, so an amount is read from the digits
   * written (order-amounts.ts), as the listener and validate judge them. Absent for a record built
   * without them (a test's), whose parsed values tell all.
   */
  requestText?: string;
  responseText?: string;
  details: Record<string, unknown>;
  /** Why the request body could not be read (nested too deep, too large); absent when it could. */
  unreadable?: string;
}

export type JsonObject = Record<string, unknown>;

export const isJsonObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const stringField = (value: unknown, key: string): string | null => {
  if (!isJsonObject(value)) return null;
  const field = value[key];
  return typeof field === 'string' ? field : null;
};

/** The operation a client request was (details.operation), or null for anything else. */
export function operationOf(record: OrderRecord): ClientOperation | null {
  const parsed = clientOperationSchema.safeParse(record.details['operation']);
  return parsed.success ? parsed.data : null;
}

const serviceErrorDetails = z.object({
  message: z.string().nullable().optional(),
  errorCodes: z.array(z.string()).optional(),
});
const failureDetails = z.object({ kind: z.string(), message: z.string() });

/** Why an operation failed, in words: `409 (not_allowed_state: Order is not authorised)` or the network failure. */
export function failureOf(record: OrderRecord): string {
  const failure = failureDetails.safeParse(record.details['failure']);
  if (failure.success) return `no answer: ${failure.data.kind} (${failure.data.message})`;
  if (record.status === null) return `no answer${record.error === null ? '' : ` (${record.error})`}`;
  const error = serviceErrorDetails.safeParse(record.details['serviceError']);
  if (!error.success) return `answered ${record.status}`;
  const codes = error.data.errorCodes ?? [];
  const message = error.data.message ?? null;
  const parts = [codes.join(', '), message].filter((part) => part !== null && part !== '');
  return `answered ${record.status}${parts.length === 0 ? '' : ` (${parts.join(': ')})`}`;
}

/** 2xx: the call did what it asked (the service accepted it). */
export function isSuccess(record: OrderRecord): boolean {
  return record.status !== null && record.status >= 200 && record.status < 300;
}

const recordedProblems = z.array(z.string());

/**
 * Why a 2xx answer is no answer at all (an HTML page, an empty body, the service's error shape), in
 * the words its record keeps and the record view shows (answer-problems.ts); null when it is one.
 */
export function notAnAnswerOf(record: OrderRecord): string | null {
  if (!isSuccess(record)) return null;
  const problems = recordedProblems.safeParse(record.details['answerProblems']);
  return problems.success ? notAnAnswer(problems.data) : null;
}

/** A call recorded before its answer: no status yet, no failure, no error. */
export function isPending(record: OrderRecord): boolean {
  return record.status === null && record.error === null && record.details['failure'] === undefined;
}
