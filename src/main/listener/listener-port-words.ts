import { errorWords } from '../../shared/error-words';

/**
 * What the listener says of a port it could not bind, and of the port's holder since: the words
 * the Listener view, the Builder's notice and a terminal show.
 */

/** The console of this data directory that says it runs its listener on a port, as its record names it. */
export type Holder = { runBy: string; profileId: number; profileName: string };

/** The profile whose listener this console wants to run (its token is the one it would judge with). */
export type WantedProfile = { profileId: number; profileName: string };

/**
 * Why a holder running the listener for another profile is no stand-in for this one: it stores
 * the webhooks here, but judges them with its own profile's notification token. The Listener
 * view's words and `listen`'s both say it.
 */
export function judgedWithOtherTokenWords(heldBy: Holder, wanted: WantedProfile): string {
  return `which runs this data directory's listener there for profile ${heldBy.profileName}, not ${wanted.profileName}: it judges the webhooks it receives with profile ${heldBy.profileName}'s notification token, so a webhook meant for profile ${wanted.profileName} that arrives there is stored but judged against the wrong token`;
}

export function heldByConsoleWords(port: number, heldBy: Holder, wanted: WantedProfile): string {
  // "Nothing needs doing" holds only where the holder judges with the token this console would.
  if (heldBy.profileId !== wanted.profileId)
    return `Port ${port} is already in use by ${heldBy.runBy}, ${judgedWithOtherTokenWords(heldBy, wanted)}. Stop that console or switch its profile to ${wanted.profileName}, or choose another listener port for profile ${wanted.profileName} (0 picks a free one; every console on this data directory shares it), then restart the listener.`;
  return `Port ${port} is already in use by ${heldBy.runBy}, which runs this data directory's listener there for profile ${heldBy.profileName}: the webhooks it receives are stored here already, so nothing needs doing. To run this console's listener as well, choose another listener port in the profile (0 picks a free one; every console on this data directory shares it), then restart the listener.`;
}

/**
 * The console named by heldByConsoleWords has stopped (its record is no longer believed): nothing
 * of this data directory listens there now, so "nothing needs doing" would leave every webhook
 * refused. Whatever else may have taken the port since, Restart says so if it does. The way out
 * names the view whose button it is: the Builder's banner and serve's terminal show these words
 * too, and neither has a Restart listener button.
 */
export function holderGoneWords(port: number, gone: Holder): string {
  return `Port ${port} was held by ${gone.runBy}, which ran this data directory's listener there and has stopped since: no console on this data directory listens there now, so webhooks sent to it are not stored. Restart the listener (Listener view) to start this console's listener on it.`;
}

/**
 * Another program held the port when the listener tried it, and has let it go since (a look at
 * the port found it free): the view went on saying the port was in use until a reload. As for a
 * console that stopped, the listener is not started by itself; Restart says so if the port has
 * been taken again meanwhile.
 */
export function otherHolderGoneWords(port: number): string {
  return `Port ${port} was held by another program, which has let it go since: nothing listens there now, so webhooks sent to it are not received. Restart the listener (Listener view) to start this console's listener on it.`;
}

export function describeBindError(
  error: unknown,
  port: number,
  heldBy: Holder | null,
  wanted: WantedProfile,
): string {
  const code = (error as { code?: string }).code;
  if (code === 'EADDRINUSE' && heldBy !== null) return heldByConsoleWords(port, heldBy, wanted);
  if (code === 'EADDRINUSE') {
    // Often the holder is a second console on the same data directory: say that nothing is
    // lost then, and that the profile's port is shared before advising to change it.
    return `Port ${port} is already in use by another program, so this console's listener is not running. If that is another console on this data directory (the app, serve or listen), it stores the webhooks here and nothing needs doing; otherwise choose another listener port in the profile (0 picks a free one; every console on this data directory shares it), then restart the listener.`;
  }
  if (code === 'EACCES')
    return `Not allowed to listen on port ${port}; choose a port above 1023 (or 0 for any free port).`;
  return `The listener could not start on port ${port}: ${errorWords(error)}`;
}

/**
 * A profile whose stored listener port cannot be read (stored-profile-row.ts), no port given:
 * its listener does not start on a guessed port, where webhooks sent to the real one are lost.
 */
export function damagedPortWords(damaged: string, profileName: string): string {
  return `${damaged} Set its listener port (Profiles, or profiles set ${profileName} --listener-port N) to start it.`;
}
