import type { TimelineSummary } from '../events';

type Judged = Pick<TimelineSummary, 'tokenVerdict' | 'profileName'>;

/**
 * Against whose notification token a notification was judged: the listener's profile when it
 * arrived (the active one), which need not be the profile the order was sent with. The emulator
 * signs with its own profile's token, so an order sent with `--profile Local` while Slow was
 * active came back no_secret: without the name, "set the profile's notification token" read as
 * the order's profile, Local, which has one.
 */
export function tokenJudgedAgainstWords(record: Judged): string {
  const name = record.profileName;
  if (record.tokenVerdict === null) return 'its token was not judged';
  if (name === null) return `its token was judged ${record.tokenVerdict} with no profile to check it against`;
  const whose = "(the listener's when it arrived)";
  if (record.tokenVerdict === 'no_secret')
    return `its token was judged against profile ${name} ${whose}, which has no notification token`;
  return `its token was judged ${record.tokenVerdict} against profile ${name}'s notification token ${whose}`;
}
