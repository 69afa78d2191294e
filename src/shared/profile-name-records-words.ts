import { countOf } from './count-words';

/**
 * Said where a profile is given a name that records already carry (`profiles add`, `profiles
 * set --name`, the Profiles view): records keep the name of the profile they were stored under,
 * and the Profile filter and `--profile` go by that name (docs/history.md), so a removed or
 * renamed profile's records, or imported ones, would be listed as this profile's. Said, not
 * refused: a person may mean to take them. One set of words for the CLI and the view.
 */
export function profileNameRecordsWords(records: number, name: string): string {
  const one = records === 1;
  return `${countOf(records, 'record')} already ${one ? 'carries' : 'carry'} the name "${name}" (stored under an earlier profile of that name, or imported): the Profile filter and --profile will show ${one ? 'it' : 'them'} with this profile's.`;
}
