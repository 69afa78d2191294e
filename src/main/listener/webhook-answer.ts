import type { HeaderList } from '../../shared/events';
import type { EventUpdate } from '../store/new-event';
import { responseBody, type ResponsePlan } from './plan-response';

/** 204 and 304 carry no body (RFC 9110): Node sends none, so neither it nor its length is claimed. */
const isBodyless = (status: number) => status === 204 || status === 304;
/**
 * 205 Reset Content must carry no content either, but Node frames one for it as for any status:
 * it goes out empty, saying Content-Length: 0.
 */
const isEmptyByRule = (status: number) => status === 205;

/** One answer: the bytes written to the client, and the row's columns that say it went out. */
export interface WebhookAnswer {
  status: number;
  payload: string;
  headers: HeaderList;
  /** Stored only once it is, or is about to be, on the wire: never for an answer still waiting. */
  answered: Required<Pick<EventUpdate, 'status' | 'responseHeaders' | 'responseBody'>>;
}

/**
 * The answer a planned status gives a request, naming the row's id (`{"received":true,"id":N}`),
 * with the columns that record it as sent.
 */
export function webhookAnswer(
  plan: ResponsePlan & { status: number },
  method: string,
  id: number,
): WebhookAnswer {
  const { status } = plan;
  if (isBodyless(status) || isEmptyByRule(status)) {
    const headers: HeaderList = isEmptyByRule(status)
      ? [['Content-Length', '0'], ...plan.extraHeaders]
      : plan.extraHeaders;
    return {
      status,
      payload: '',
      headers,
      answered: { status, responseHeaders: headers, responseBody: null },
    };
  }
  const payload = responseBody(plan, id);
  const headers: HeaderList = [
    ['Content-Type', 'application/json; charset=utf-8'],
    ['Content-Length', String(Buffer.byteLength(payload))],
    ...plan.extraHeaders,
  ];
  return {
    status,
    payload,
    headers,
    answered: {
      status,
      responseHeaders: headers,
      // A HEAD answer carries no body on the wire, so none is recorded.
      responseBody: method === 'HEAD' ? Buffer.alloc(0) : Buffer.from(payload),
    },
  };
}
