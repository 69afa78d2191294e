import { parseBoundedJson } from '../../shared/bounded-json';
import type { OperationName } from '../../shared/profile';
import { namedOrder, requestOrderNames } from '../../shared/orders/request-order-names';
import { urlParts } from '../outbound/url-parts';

/**
 * Which order a follow-up call is filed under: the one its URL and body name, then the one its
 * answer names (request-order-names.ts), else the order it was sent for. The request editor
 * sends what was typed, another order's id too; filed under the order whose editor sent it, the
 * answer moved that order. The details keep the order it was sent for and the path template,
 * so the Orders view can say when they disagree.
 */
export function followUpOrder(
  input: { operation: OperationName; orderId: string; url: string; body: string | null },
  pathTemplate: string,
) {
  const request = input.body === null ? null : parseBoundedJson(input.body);
  const names = (answer: unknown) =>
    requestOrderNames({
      operation: input.operation,
      path: pathOf(input.url),
      pathTemplate,
      request: request?.ok === true ? request.value : null,
      answer,
    });
  return {
    orderId: namedOrder(names(null)) ?? input.orderId,
    details: { sentForOrder: input.orderId, pathTemplate },
    orderOfAnswer: (answer: unknown) => namedOrder(names(answer)),
  };
}

/** A URL's path as the record keeps it (url-parts.ts), or null when it is no URL. */
function pathOf(url: string): string | null {
  try {
    return urlParts(url).path;
  } catch {
    return null;
  }
}
