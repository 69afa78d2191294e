import { generateSample, type CountryCode } from '../../../../shared/checkout';
import { useBuilderStore } from './builder-store';
import { confirmDiscard } from './drafts-actions';
import { clearLastAnswer } from './send-store';

/**
 * Replaces the document with a complete, valid sample of the current form (country random or
 * chosen). An edited document is not dropped without asking; the answer to the last send is
 * cleared, since it belongs to the document being replaced.
 */
export async function fillSample(country?: CountryCode): Promise<void> {
  // A sample nobody has edited since is replaced without asking: it is one click to get again.
  const untouchedSample = lastSample !== null && useBuilderStore.getState().text === lastSample;
  if (!untouchedSample && !(await confirmDiscard('A new sample'))) return;
  const { form, setDocument } = useBuilderStore.getState();
  setDocument(generateSample(form, country === undefined ? {} : { country }));
  lastSample = useBuilderStore.getState().text;
  clearLastAnswer();
}

/** The text of the last sample filled in, to tell an untouched sample from an edited document. */
let lastSample: string | null = null;
