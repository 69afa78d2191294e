import type { HeaderList } from '../../shared/events';
import type { EditedHeader } from '../../shared/merchant-api';
import { MASK_PREFIX, maskSecret } from '../../shared/profile';
import { isCredentialHeader, maskWith, redactCredential } from '../../shared/secrets/redact-secrets';
import { ConsoleError } from '../console-error';

/** How the request was authorised, stored with its record (cURL and the views read it). */
export type AuthorizationChoice = 'profile_token' | 'text' | 'none';

export interface ResolvedHeaders {
  /** Exactly what is sent. */
  real: HeaderList;
  /** What is stored and shown: the profile token masked, any credential typed in masked too. */
  shown: HeaderList;
  authorization: AuthorizationChoice;
}

/**
 * The headers of a follow-up operation as the person edited them, sent exactly so: the
 * profile's API token put in where asked (the window never has it), a typed value as typed,
 * a header left out not sent. Nothing secret is stored in plain text: a credential header is
 * kept masked in the record, whoever wrote it.
 */
export function resolveEditedHeaders(
  edited: readonly EditedHeader[],
  apiToken: string | null,
  profileName: string,
): ResolvedHeaders {
  let authorization: AuthorizationChoice = 'none';
  const real: HeaderList = [];
  const shown: HeaderList = [];
  edited.forEach((header, index) => {
    const { name, value } = header;
    if (value.kind === 'profile_token') {
      if (apiToken === null)
        throw ConsoleError.invalid(
          `headers[${index}].value`,
          `Profile "${profileName}" has no API token to send; set one, or write the value yourself`,
        );
      const scheme = value.scheme === '' ? '' : `${value.scheme} `;
      real.push([name, `${scheme}${apiToken}`]);
      shown.push([name, `${scheme}${maskSecret(apiToken).masked ?? MASK_PREFIX}`]);
      if (isCredentialHeader(name)) authorization = 'profile_token';
      return;
    }
    real.push([name, value.text]);
    shown.push([name, isCredentialHeader(name) ? redactCredential(value.text, maskWith) : value.text]);
    if (isCredentialHeader(name) && authorization === 'none') authorization = 'text';
  });
  return { real, shown, authorization };
}
