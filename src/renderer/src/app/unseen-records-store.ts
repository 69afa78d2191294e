import { create } from 'zustand';
import { bridge } from '@bridge';
import { isSecondPart } from '@features/timeline';
import { useNavigation } from '@ui/navigation';

/**
 * Records that arrived (from this window or any other process) while the Timeline was not on
 * screen: the navigation shows how many, so a webhook that came in while the builder or the
 * checkout page had the attention is not missed. Opening the Timeline counts them as seen.
 */
interface UnseenState {
  count: number;
}

export const useUnseenRecords = create<UnseenState>(() => ({ count: 0 }));

bridge.subscribe((event) => {
  if (event.name !== 'timeline.appended' || useNavigation.getState().view === 'timeline') return;
  // A delivery after its webhook, or the listener's record after its replay, is the same row.
  if (isSecondPart(event.payload)) return;
  useUnseenRecords.setState((state) => ({ count: state.count + 1 }));
});

useNavigation.subscribe((state) => {
  if (state.view === 'timeline' && useUnseenRecords.getState().count !== 0)
    useUnseenRecords.setState({ count: 0 });
});
