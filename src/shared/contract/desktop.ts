import { z } from 'zod';
import { appCommandEventSchema } from '../app-commands';
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
};

export const desktopPushEvents = {
  /** A menu item asked the renderer to run an app command (send, command palette…). */
  'app.command': appCommandEventSchema,
};
