import { Fragment } from 'react';
import { escapeUnsafe } from '@shared/terminal-unsafe';

/**
 * Names someone wrote (a scenario's, a profile's, a path) set inside a sentence: each as the
 * cards show it (a hidden override is shown, not obeyed) and isolated for direction. Without
 * <bdi>, an Arabic name or one ending in a right-to-left mark takes the comma, the " · " and the
 * next name into its own direction: "now: A, B" reads "now: B ,A".
 */
export function IsolatedNames({ names, separator = ' ' }: { names: readonly string[]; separator?: string }) {
  return names.map((name, index) => (
    <Fragment key={index}>
      {index > 0 && separator}
      <bdi>{escapeUnsafe(name)}</bdi>
    </Fragment>
  ));
}
