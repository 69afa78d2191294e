/**
 * When two profile names read as one. Records are filtered and shown by the name they were
 * stored under, so "Live" beside "ｌｉｖｅ", "Livе" (a Cyrillic е) or "Li\u200cve" made History's
 * profile filter and the Timeline's profile chip ambiguous. The one owner of the rule: the
 * profile service refuses a clash (create, rename, duplicate; so the CLI and the bridge), the
 * name's schema refuses what no name needs (profile.ts; so the form, through its resolver), and
 * the Profiles view says a clash as the service does before it saves.
 */

/**
 * What a name is compared by: NFKC (full-width and compatibility forms as their plain letters),
 * blanks at either end dropped, and case folded. Upper then lower folds more than lower alone
 * ("Straße" and "STRASSE" meet at "strasse"), as SQLite's NOCASE folded only ASCII.
 */
export function profileNameKey(name: string): string {
  return name.normalize('NFKC').trim().toUpperCase().toLowerCase().normalize('NFKC');
}

/**
 * The profile a name given by a person or a record reads as: every lookup by name (the CLI's
 * names and --profile flags, the builder's sending profile) finds what a clash is judged by,
 * so 'local copy' finds the 'ＬＯＣＡＬ ｃｏｐｙ' that adding it was refused for. Names are unique
 * by the key, so at most one matches.
 */
export function profileNamed<T extends { name: string }>(
  name: string | null,
  profiles: readonly T[],
): T | undefined {
  if (name === null) return undefined;
  const key = profileNameKey(name);
  return profiles.find((profile) => profileNameKey(profile.name) === key);
}

/** The profile whose name reads as `name`, other than the one being renamed. */
export function profileNameClash<T extends { id: number; name: string }>(
  name: string,
  profiles: readonly T[],
  exceptId?: number,
): T | undefined {
  return profileNamed(
    name,
    profiles.filter((profile) => profile.id !== exceptId),
  );
}

/** The refusal of a clash, naming the field and the profile it clashes with. */
export const profileNameClashWords = (name: string, existing: string): string =>
  `The name "${name}" reads as the profile "${existing}", which already exists (names are compared ignoring case, width and blanks at either end)`;

const codePointOf = (char: string): string =>
  `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/** Invisible format characters (zero-width joiners, soft hyphen…): a name looks the same without them. */
const FORMAT_CHARACTER = /\p{Cf}/u;

/** The scripts whose letters look alike: a word mixing them can pass for a word of one. */
const CONFUSABLE_SCRIPTS = [
  { name: 'Latin', letter: /\p{Script=Latin}/u },
  { name: 'Cyrillic', letter: /\p{Script=Cyrillic}/u },
  { name: 'Greek', letter: /\p{Script=Greek}/u },
] as const;

const scriptOf = (char: string) => CONFUSABLE_SCRIPTS.find((script) => script.letter.test(char))?.name;

/**
 * Why a name (already trimmed, its controls refused) could pass for another, or null: an
 * invisible format character, or Latin, Cyrillic and Greek letters in one word ("Livе"). Words
 * of different scripts side by side ("Тест Sandbox") read as what they are.
 */
export function profileNameLookAlike(name: string): string | null {
  const format = FORMAT_CHARACTER.exec(name)?.[0];
  if (format !== undefined)
    return `A profile name cannot hold ${codePointOf(format)} (an invisible format character): it would look like the name without it`;
  for (const word of name.split(/[\s\p{P}\p{S}]+/u)) {
    const letters = [...word].flatMap((char) => {
      const script = scriptOf(char);
      return script === undefined ? [] : [{ char, script }];
    });
    // The word's own script is the one most of its letters are in: the odd one out is named.
    const counts = new Map<string, number>();
    for (const { script } of letters) counts.set(script, (counts.get(script) ?? 0) + 1);
    if (counts.size < 2) continue;
    const own = [...counts].reduce((most, entry) => (entry[1] > most[1] ? entry : most))[0];
    const odd = letters.find((letter) => letter.script !== own);
    if (odd !== undefined)
      return `A profile name cannot mix scripts in one word: "${word}" has ${odd.char} (${codePointOf(odd.char)}, ${odd.script}) among ${own} letters, so it reads as a name it is not`;
  }
  return null;
}
