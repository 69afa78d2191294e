import type { IncomingMessage } from 'node:http';
import type { CreateOptions } from '../emulator-engine';
import { EmulatorError } from '../emulator-errors';

/**
 * The X-Emulator-… headers a create-checkout request may carry, each read the one way: a value
 * it knows (case and spaces around it aside), or 400 invalid_request naming the header. An
 * unknown X-Emulator-Notification-Form (`modern`, or empty) was taken silently as the current
 * form, while an unknown checkout form was refused; docs/service-rules.md (Errors) says every
 * value it does not know is refused.
 */
function knownValue<T>(
  req: IncomingMessage,
  name: string,
  values: Readonly<Record<string, T>>,
  expected: string,
): T | undefined {
  const sent = req.headers[name.toLowerCase()];
  const raw = Array.isArray(sent) ? sent[0] : sent;
  if (raw === undefined) return undefined;
  const key = raw.trim().toLowerCase();
  if (Object.hasOwn(values, key)) return values[key];
  throw new EmulatorError(400, 'invalid_request', `${name} must be ${expected}.`, [
    { error_code: 'invalid_request', path: name },
  ]);
}

/** What a create-checkout request names for itself over the emulator's settings (the console's builder does). */
export function checkoutRequestOptions(
  req: IncomingMessage,
): Pick<CreateOptions, 'legacyApproved' | 'rules'> {
  const form = knownValue(
    req,
    'X-Emulator-Checkout-Form',
    { general: 'general', education: 'education' } as const,
    'general or education',
  );
  const singleCheckout = knownValue(
    req,
    'X-Emulator-Single-Checkout',
    { enabled: true, disabled: false },
    'enabled or disabled',
  );
  const legacy = knownValue(
    req,
    'X-Emulator-Notification-Form',
    { legacy: true },
    'legacy; leave it out for the current form',
  );
  return {
    legacyApproved: legacy === true,
    rules: {
      ...(form === undefined ? {} : { form }),
      ...(singleCheckout === undefined ? {} : { singleCheckout }),
    },
  };
}
