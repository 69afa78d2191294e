import type { ProfileView } from '../../../shared/profile';
import { profileNameRecordsWords } from '../../../shared/profile-name-records-words';
import type { ConsoleCore } from '../../app';
import { terminalLine } from '../../terminal-line';
import type { CliContext } from '../cli-context';
import { commandCaller } from '../command-caller';
import { terminalSafe } from '../terminal-text';

/**
 * How many records already carry a name `profiles add` or `profiles set --name` gives, asked
 * through the contract before the save (a rename is judged against the name it had: its own
 * name kept is none). Null: no name given.
 */
export async function recordsCarryingName(
  core: ConsoleCore,
  name: string | undefined,
  profileId?: number,
): Promise<number | null> {
  if (name === undefined) return null;
  const input = profileId === undefined ? { name } : { name, profileId };
  return (await commandCaller(core.dispatcher)('countProfileNameRecords', input)).records;
}

/**
 * Said once the profile is saved under the name: records keep the name they were stored under
 * and `--profile` goes by it, so it lists them as this profile's. Saved all the same: a person
 * may mean to take them.
 */
export function warnIfNameCarried(records: number | null, view: ProfileView, context: CliContext): void {
  if (records === null || records === 0) return;
  context.io.stderr(terminalLine('warning', profileNameRecordsWords(records, terminalSafe(view.name))));
}
