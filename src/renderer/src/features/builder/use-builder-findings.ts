import { useMemo } from 'react';
import { validateCheckout, type Finding } from '../../../../shared/checkout';
import { useBuilderStore } from './builder-store';

/** The findings of the document the form shows, for the form, the raw marks, the panel and the title. */
export function useBuilderFindings(notificationField: string): Finding[] {
  const document = useBuilderStore((state) => state.document);
  const form = useBuilderStore((state) => state.form);
  const singleCheckout = useBuilderStore((state) => state.singleCheckout);
  // The text, when it is what the document came from: a name typed twice only shows there.
  const text = useBuilderStore((state) => (state.parseError === null ? state.text : undefined));
  return useMemo(
    () => validateCheckout(document, { form, singleCheckout, notificationField, sourceText: text }),
    [document, form, singleCheckout, notificationField, text],
  );
}
