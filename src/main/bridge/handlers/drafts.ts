import type { ConsoleServices } from '../../console-services';
import type { HandlerGroup } from './types';

type DraftCommand =
  | 'listDrafts'
  | 'getDraft'
  | 'saveDraft'
  | 'renameDraft'
  | 'duplicateDraft'
  | 'deleteDraft'
  | 'getBuilderState'
  | 'saveBuilderState'
  | 'getWaitingWorkingCopy'
  | 'discardWaitingWorkingCopy';

export function draftHandlers({ drafts }: Pick<ConsoleServices, 'drafts'>): HandlerGroup<DraftCommand> {
  return {
    listDrafts: () => ({ drafts: drafts.list() }),
    getDraft: ({ id }) => drafts.get(id),
    saveDraft: (input) => drafts.save(input),
    renameDraft: ({ id, name }) => drafts.rename(id, name),
    duplicateDraft: ({ id, name }) => drafts.duplicate(id, name),
    deleteDraft: ({ id }) => {
      drafts.remove(id);
      return { removedId: id };
    },
    getBuilderState: ({ tab }) => drafts.builderState(tab),
    saveBuilderState: ({ tab, waiting, order, ...state }) => {
      drafts.saveBuilderState(state, tab, { waiting, order });
      return { saved: true as const };
    },
    getWaitingWorkingCopy: ({ tab }) => drafts.waitingWorkingCopy(tab),
    discardWaitingWorkingCopy: ({ tab }) => {
      drafts.discardWaitingWorkingCopy(tab);
      return { saved: true as const };
    },
  };
}
