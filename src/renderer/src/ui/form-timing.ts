import type { FieldValues, UseFormProps } from 'react-hook-form';

/**
 * When the app's forms judge what is typed (the builder's form keeps the same rule with its own
 * `touched` set): a field is judged as it is typed, from its first edit, and its error goes as
 * soon as the value is put right; Save judges every field and focuses the first one in error.
 * Never on leaving a field: the error line that appeared then pushed Save down under the pointer
 * that had just pressed it (the press was lost), and an error stayed in view after the value was
 * corrected, until the field was left again.
 */
export const JUDGED_AS_TYPED = {
  mode: 'onChange',
  reValidateMode: 'onChange',
} as const satisfies Pick<UseFormProps<FieldValues>, 'mode' | 'reValidateMode'>;
