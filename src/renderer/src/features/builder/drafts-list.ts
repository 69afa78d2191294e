import { useEffect, useState } from 'react';
import type { DraftSummary } from '@shared/drafts';
import { builderCalls } from './builder-calls-store';

/** The saved drafts while `active`, kept current by `drafts.changed` pushes (from any window). */
export function useDraftsList(active: boolean): DraftSummary[] {
  const [drafts, setDrafts] = useState<DraftSummary[]>([]);
  useEffect(() => {
    if (!active) return;
    let current = true;
    builderCalls
      .listDrafts()
      .then((list) => current && setDrafts(list.drafts))
      .catch(() => undefined);
    const unsubscribe = builderCalls.onPush((event) => {
      if (event.name === 'drafts.changed') setDrafts(event.payload.drafts);
    });
    return () => {
      current = false;
      unsubscribe();
    };
  }, [active]);
  return drafts;
}
