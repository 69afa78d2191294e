import { Anchor } from '@mantine/core';
import { manualPageUrl, type ManualPage } from '@shared/project-links';
import { openExternalUrl } from './open-external';

/**
 * A page of the manual, named by its path and opened as every address that leaves the console
 * is (openExternalUrl: the confirmation, then the system browser or a new tab). The view named
 * the path as plain text: nothing to click, in either the desktop app or browser mode.
 */
export function ManualLink({ page }: { page: ManualPage }) {
  const href = manualPageUrl(page);
  return (
    <Anchor
      href={href}
      inherit
      ff="monospace"
      onClick={(event) => {
        event.preventDefault();
        void openExternalUrl(href);
      }}
    >
      {page}
    </Anchor>
  );
}
