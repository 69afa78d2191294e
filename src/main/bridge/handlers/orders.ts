import type { ConsoleServices } from '../../console-services';
import { maskWith, redactText, usableSecrets } from '../../../shared/secrets/redact-secrets';
import { screenMask } from '../../timeline/screen-summaries';
import type { HandlerGroup } from './types';

export function orderHandlers({
  orders,
  profiles,
}: Pick<ConsoleServices, 'orders' | 'profiles'>): HandlerGroup<'listOrders' | 'getOrderLifecycle'> {
  return {
    // A reference is what the merchant's payload said: one pasted with a token shows masked, and
    // a search finds it by none of the token's text.
    listOrders: (request) => {
      const secrets = usableSecrets(profiles.secretsHere().secrets);
      const page = orders.list(request, secrets);
      const items = page.items.map((item) => {
        const referenceId =
          item.referenceId === null ? null : redactText(item.referenceId, secrets, maskWith);
        return referenceId === item.referenceId ? item : { ...item, referenceId };
      });
      return { ...page, items };
    },
    // Its records, and the lifecycle derived from them (a request's entry names its path), as
    // every screen gets them: a profile secret echoed in a path or URL masked.
    getOrderLifecycle: ({ orderId }) => orders.detail(orderId, screenMask(profiles)),
  };
}
