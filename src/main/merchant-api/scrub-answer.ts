import type { HeaderList } from '../../shared/events';
import { maskWith, replaceSecretsInText } from '../../shared/secrets/redact-secrets';
import { toBodyView } from '../store/event-views';

/** The answer with the given secrets (the profile's own token) masked in its headers and text body. */
export function scrubAnswer(
  headers: HeaderList | null,
  body: Buffer | null,
  secrets: readonly string[],
): { headers: HeaderList | null; body: Buffer | null } {
  const view = toBodyView(body);
  const text = view?.text ?? null;
  return {
    headers:
      headers === null
        ? null
        : headers.map(([name, value]): [string, string] => [
            name,
            replaceSecretsInText(value, secrets, maskWith),
          ]),
    body: text === null ? body : Buffer.from(replaceSecretsInText(text, secrets, maskWith), 'utf8'),
  };
}
