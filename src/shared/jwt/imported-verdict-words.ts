/**
 * What an imported webhook's token verdict is, said wherever the verdict is drawn (the lists'
 * chips, the Timeline's detail, the JWT inspector): import keeps the file's token verdict, since
 * the secret it was signed with may be another console's or gone (import-verdicts.ts), so it is
 * the file's word, never this listener's judgement on arrival. The inspector called it the
 * listener's, above a check of its own that said otherwise.
 */
export const IMPORTED_VERDICT_IS =
  "the file's word, kept as it came, not this listener's judgement on arrival";

/** The note beside (or under) an imported record's token verdict. */
export const IMPORTED_TOKEN_VERDICT = `Imported from a file: this token verdict is ${IMPORTED_VERDICT_IS}.`;
