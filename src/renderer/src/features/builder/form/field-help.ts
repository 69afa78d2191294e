import { decimalsWords, type FormField } from '@shared/checkout';

/** The limits a field has, in words, for its tooltip. */
function limitsOf(field: FormField): string[] {
  const limits: string[] = [];
  if (field.maxLength !== undefined) limits.push(`At most ${field.maxLength} characters.`);
  if (field.minimum !== undefined && field.maximum !== undefined)
    limits.push(`From ${field.minimum} to ${field.maximum}.`);
  else if (field.minimum !== undefined) limits.push(`At least ${field.minimum}.`);
  if (field.kind === 'date' || field.kind === 'nullable-date') limits.push('Written dd-mm-yyyy.');
  if (field.currencies !== undefined && field.kind === 'money')
    limits.push(`Currencies: ${field.currencies.join(', ')}.`, decimalsWords(field.currencies));
  return limits;
}

/**
 * What a field's ⓘ says: the spec's words for it, then its limits. Each limit is said here once,
 * from the catalogue's numbers (maxLength, minimum, currencies), so the help text leaves it out.
 */
export function fieldHelp(field: FormField): string {
  return [field.formHelp, ...limitsOf(field)].filter((words) => words !== '').join(' ');
}
