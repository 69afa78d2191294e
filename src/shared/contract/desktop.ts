import { z } from 'zod';
import { appCommandEventSchema } from '../app-commands';
import { externalUrlSchema } from '../external-url';
import { keyringFallbackChoiceSchema } from '../keyring-fallback';
import { vaultStatusSchema } from './app';
import { defineCommand } from './define';

export const desktopCommands = {
  /**
   * Linux without a keyring: which protection tokens get (see shared/keyring-fallback.ts).
   * Persisted; re-seals every stored token with the chosen cipher. Desktop only: elsewhere it
   * answers `unavailable`.
   */
  chooseKeyringFallback: defineCommand(
    z.object({ choice: keyringFallbackChoiceSchema }).strict(),
    vaultStatusSchema,
  ),

  /**
   * Opens an address in the system browser, after the renderer's confirmation that showed its
   * host (app/open-external.tsx). Desktop only: in browser mode the page opens it itself.
   */
  openExternal: defineCommand(
    z.object({ url: externalUrlSchema }).strict(),
    z.object({ opened: z.boolean() }),
  ),
};

export const desktopPushEvents = {
  /** A menu item asked the renderer to run an app command (send, command palette…). */
  'app.command': appCommandEventSchema,
  /** A link in the window asked to leave the app: the renderer confirms before opening it. */
  'app.openExternal': z.object({ url: z.string() }),
};
