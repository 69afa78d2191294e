/**
 * What the window says of a profile whose notification token is not set, when a token would be
 * signed with it: main's refusal (jwt-toolkit.ts) and the Craft panel's reason Sign token waits,
 * in one wording. The terminal's words name a command and --secret instead (jwt-toolkit.ts).
 */
export function tokenNotSetInWindow(profileName: string): string {
  return `The notification token of profile "${profileName}" is not set: set it in Profiles, or choose "A secret pasted for this check only" to sign with.`;
}
