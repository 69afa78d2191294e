/**
 * `<owner>'s stored paths and start time are damaged in the database`: the one sentence for any
 * stored row a reader could not read whole (a record, a stored run, an emulator order, a profile),
 * so every view names damage alike. Its owners add what follows: damaged-record-words.ts that it
 * is not what the console writes, damaged-profile-words.ts why and what is used meanwhile.
 */
export function damagedStoredWords(owner: string, names: readonly string[]): string {
  const list =
    names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
  return `${owner}'s stored ${list} ${names.length === 1 ? 'is' : 'are'} damaged in the database`;
}
