import type { CheckoutForm } from '@shared/checkout';
import type { Choice } from './choice-control';

/** The service's two request forms, as the builder and the emulator's settings offer them. */
export const CHECKOUT_FORM_CHOICES: readonly Choice<CheckoutForm>[] = [
  { label: 'General', value: 'general' },
  { label: 'Education', value: 'education' },
];
