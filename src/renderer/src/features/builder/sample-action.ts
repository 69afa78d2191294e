import { generateSample, type CountryCode } from '@shared/checkout';
import { pickLocalProfile } from '@shared/local-profile';
import { useProfilesStore } from '@features/profiles';
import { useBuilderStore } from './builder-store';
import { confirmDiscard } from './drafts-actions';
import { clearLastAnswer } from './send-store';

/**
 * Replaces the document with a complete, valid sample of the current form (country random or
 * chosen). An edited document is not dropped without asking; the answer to the last send is
 * cleared, since it belongs to the document being replaced.
 */
export async function fillSample(country?: CountryCode): Promise<void> {
  // A sample nobody has edited since is replaced without asking: it is one click to get again;
  // so is a document exactly as it was sent (the request is kept in history).
  const kept = replaceableText !== null && useBuilderStore.getState().text === replaceableText;
  if (!kept && !(await confirmDiscard('A new sample'))) return;
  const { form, replaceDocument } = useBuilderStore.getState();
  const emulatorUrl = localEmulatorUrl();
  replaceDocument(
    generateSample(form, {
      ...(country === undefined ? {} : { country }),
      ...(emulatorUrl === undefined ? {} : { emulatorUrl }),
    }),
  );
  markDocumentKept();
  clearLastAnswer();
}

/** The merchant URLs point at the local emulator's merchant page (the Local profile's address). */
function localEmulatorUrl(): string | undefined {
  return pickLocalProfile(useProfilesStore.getState().profiles)?.baseUrl;
}

/**
 * The text of the last sample filled in, or of the document as last sent: what a new sample may
 * replace without asking, told apart from a document edited since.
 */
let replaceableText: string | null = null;

/** The document as it is now can be replaced without asking (a sample, or just sent). */
export function markDocumentKept(): void {
  replaceableText = useBuilderStore.getState().text;
}
