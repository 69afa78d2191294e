import { useEffect, useRef } from 'react';
import { useNavigation } from '@ui/navigation';
import { DEFAULT_SCENARIOS_FOLDER, useScenariosStore } from './scenarios-store';

/**
 * The Folder tab's folder and the address agree, whichever of them moved last. An Open that
 * finished writes its folder into the address (a reload opens it again, not the default); an
 * address edited to another `?folder=` opens that folder. Only one side is followed per change:
 * before, every address that differed was written back to the open folder, so an edited address
 * was undone, or kept, depending on which came first (a reload right after the edit raced it).
 */
export function useFolderInAddress(onFolderTab: boolean): void {
  const openedAs = useScenariosStore((s) => s.openedAs);
  const { params, replaceParams } = useNavigation();
  const addressFolder = params.get('folder');
  const seenOpenedAs = useRef(openedAs);
  useEffect(() => {
    const openChanged = seenOpenedAs.current !== openedAs;
    seenOpenedAs.current = openedAs;
    if (!onFolderTab || openedAs === null) return;
    const wanted = openedAs === DEFAULT_SCENARIOS_FOLDER ? null : openedAs;
    if (wanted === addressFolder) return;
    // No folder in the address (the tab was chosen, or the view came from the menu) keeps the
    // open one; so does an Open that just finished.
    if (openChanged || addressFolder === null || addressFolder.trim() === '') {
      replaceParams(new URLSearchParams(wanted === null ? {} : { folder: wanted }));
      return;
    }
    const { folder, loading, open } = useScenariosStore.getState();
    if (loading && folder === addressFolder) return;
    void open(addressFolder);
  }, [onFolderTab, openedAs, addressFolder, replaceParams]);
}
