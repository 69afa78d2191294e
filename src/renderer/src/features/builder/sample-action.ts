import type { CountryCode } from '@shared/checkout';
import { generateSample } from '@shared/checkout/sample';
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
  // An untouched sample or a document as sent is replaced without asking (selectReplaceable).
  if (!(await confirmDiscard('A new sample'))) return;
  const { form, replaceDocument } = useBuilderStore.getState();
  const emulatorUrl = localEmulatorUrl();
  replaceDocument(
    generateSample(form, {
      ...(country === undefined ? {} : { country }),
      ...(emulatorUrl === undefined ? {} : { emulatorUrl }),
    }),
  );
  // One click gets another as good: replaced without asking until it is edited.
  useBuilderStore.setState({ replaceableText: useBuilderStore.getState().text });
  clearLastAnswer();
}

/** The merchant URLs point at the local emulator's merchant page (the Local profile's address). */
function localEmulatorUrl(): string | undefined {
  return pickLocalProfile(useProfilesStore.getState().profiles)?.baseUrl;
}
