import type { ConsoleCommand } from '../../shared/console-command';
import { escapeHtml } from '../emulator/escape-html';
import { renderStandalonePage } from '../html/standalone-page';

/**
 * What a browser without a session sees: a spent or wrong link, or the bare address. A lost tab
 * is not a dead end: the page names the exact command that mints a new link from the running
 * console, data directory included when it is not the default, and says the console kept
 * running, so nobody restarts `serve` (and with it the listener and the emulator) to get back in.
 */

export type SignInRefusal = 'link-spent' | 'no-session';

/**
 * The command that mints a new link from the console serving this data directory; with `port`
 * when another console serves it too (`open` alone then refuses, asking which).
 */
export const openCommandFor = (command: ConsoleCommand, port?: number): string =>
  command(port === undefined ? 'open' : `open --port ${port}`);

const HEADLINES: Record<SignInRefusal, string> = {
  'link-spent': 'This sign-in link has already been used or is not valid',
  'no-session': 'This browser is not signed in to the console',
};

const WHY: Record<SignInRefusal, string> = {
  'link-spent':
    'Each link the console prints works once: the first browser to open it is signed in, and the link is spent.',
  'no-session':
    'The console only answers a browser that opened one of its sign-in links. Each link works once.',
};

/** The same words as plain text, for a client that does not read HTML (curl, scripts). */
export function signInText(refusal: SignInRefusal, openCommand: string): string {
  return `${HEADLINES[refusal]}. ${WHY[refusal]} For a new link, run ${openCommand} in a terminal on this machine. The console is still running: the listener, the emulator and your history were not touched.\n`;
}

export function renderSignInPage(refusal: SignInRefusal, openCommand: string): string {
  const command = escapeHtml(openCommand);
  return renderStandalonePage({
    title: 'Sign in · checkout console',
    style: `body{line-height:1.5}
main{max-width:680px;padding:24px 28px}
h1{margin:0 0 8px;font-size:22px;line-height:1.3}
p{margin:12px 0}
pre{margin:8px 0 4px;padding:12px 14px;background:#f1f3f5;border-radius:8px;font:15px/1.4 ui-monospace,monospace;white-space:pre-wrap;overflow-wrap:anywhere}
.small{color:#556;font-size:14px}
.running{background:#ebfbee;border-radius:8px;padding:8px 12px}
@media (prefers-color-scheme:dark){pre{background:#1a1b1e}.small{color:#adb5bd}.running{background:#1f3326}}`,
    body: `<main data-testid="sign-in-page" data-refusal="${refusal}">
<h1>${escapeHtml(HEADLINES[refusal])}</h1>
<p>${escapeHtml(WHY[refusal])}</p>
<p>For a new link, run this in a terminal on this machine:</p>
<pre data-testid="open-command">${command}</pre>
<p class="small">It prints a new one-time link and opens it in your browser (add <code>--no-browser</code> to only print it).</p>
<p class="running" data-testid="still-running">The console is still running: the listener, the emulator and your history were not touched. No restart needed.</p>
</main>`,
  });
}
