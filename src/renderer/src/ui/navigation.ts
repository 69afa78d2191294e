import { create } from 'zustand';
import { splitHash } from './hash-address';
import { leaveViewThen, leavingWouldAsk } from './leave-guard';

/**
 * Where the user is, kept in the URL hash (`#/timeline?kind=webhook`) so a view and its
 * filters survive a reload and can be shared as a link.
 */
export interface Location {
  view: string;
  params: URLSearchParams;
  /**
   * The query as the address writes it. `params` decodes it leniently (a broken or Latin-1
   * escape reads as "\uFFFD"); a view that must say what it could not read reads this
   * (readAddressQuery in shared/address-query.ts).
   */
  query: string;
}

function readHash(): Location {
  const { view, query } = splitHash(window.location.hash);
  return { view, params: new URLSearchParams(query), query };
}

/** A view's address (`#/profiles`), for a link to it: the same address navigate() goes to. */
export function viewHash(view: string, params = new URLSearchParams()): string {
  const query = params.toString();
  return `#/${view}${query === '' ? '' : `?${query}`}`;
}

interface NavigationState extends Location {
  /**
   * How many times an address was arrived at: navigate(), Back or Forward, a link, a typed
   * address; never replaceParams (a filter typed in place). What a view said about the address
   * it was on (a filter word it refused) is no longer about the one shown after an arrival.
   */
  arrival: number;
  /** Goes to a view; while an editor holds unsent edits, only once the user agreed (leave-guard). */
  navigate: (view: string, params?: URLSearchParams | Record<string, string>) => void;
  /** Changes the current view's params without adding a history entry (filters as you type). */
  replaceParams: (params: URLSearchParams) => void;
}

export const useNavigation = create<NavigationState>((set) => ({
  ...readHash(),
  arrival: 0,
  navigate(view, params = new URLSearchParams()) {
    const search = params instanceof URLSearchParams ? params : new URLSearchParams(params);
    leaveViewThen(() => {
      window.location.hash = viewHash(view, search);
      set((state) => ({ view, params: search, query: search.toString(), arrival: state.arrival + 1 }));
    });
  },
  replaceParams(params) {
    const { view } = readHash();
    window.history.replaceState(null, '', viewHash(view, params));
    set({ params: new URLSearchParams(params), query: params.toString() });
  },
}));

const sameLocation = (one: Location, other: Location) => one.view === other.view && one.query === other.query;

/**
 * The address changed outside navigate(): the browser's Back or Forward, a link, a typed
 * address. Under unsent edits the address is put back to the view still shown and the user is
 * asked, as navigate() asks; agreed to, the view goes where the address went. (Back used to
 * close an edited operation editor without a word.) navigate()'s own change arrives here after
 * it has moved the view, and is nothing new.
 */
function followAddress(): void {
  const target = readHash();
  const shown = useNavigation.getState();
  if (sameLocation(target, shown)) return;
  const arrive = () => useNavigation.setState((state) => ({ ...target, arrival: state.arrival + 1 }));
  if (!leavingWouldAsk()) {
    arrive();
    return;
  }
  window.history.pushState(null, '', viewHash(shown.view, shown.params));
  leaveViewThen(() => {
    window.location.hash = viewHash(target.view, target.params);
    arrive();
  });
}

window.addEventListener('hashchange', followAddress);

/**
 * A signal that aborts once the view shown now is left (a shortcut, the palette, Back): what a
 * view asked (confirm-dialog's `withdrawn`) no longer stands over another view. `release` stops
 * watching once the question is answered.
 */
export function whileViewShown(): { left: AbortSignal; release: () => void } {
  const controller = new AbortController();
  const view = useNavigation.getState().view;
  const release = useNavigation.subscribe((state) => {
    if (state.view !== view) controller.abort();
  });
  controller.signal.addEventListener('abort', release, { once: true });
  return { left: controller.signal, release };
}
