import { create } from 'zustand';
import type { CommandInput, CommandOutput } from '@shared/contract';
import type { OrderCursor, OrderDetail, OrderListRequest, OrderPage } from '@shared/contract/orders';
import type { OrderSummary } from '@shared/orders/order-lifecycle';
import type { OrderState } from '@shared/orders/order-states';
import { bridge } from '@bridge';
import { errorMessage } from '@bridge/bridge-error';

export interface OrderFilters {
  states: OrderState[];
  profileId: number | null;
  text: string;
}

const PAGE = 100;
/** Live reloads wait this long after a push, so a burst of webhooks costs one reload. */
const LIVE_RELOAD_MS = 300;

interface OrdersState {
  filters: OrderFilters;
  items: OrderSummary[];
  total: number;
  /** Null when the list is current; else how much the console has still to derive (it is partial). */
  catchingUp: OrderPage['catchingUp'];
  nextCursor: OrderCursor | null;
  loaded: boolean;
  loading: boolean;
  error: string | null;
  /** How many mounted views show the list: live reloads happen only while one does. */
  watchers: number;
  watch: () => () => void;
  setFilters: (patch: Partial<OrderFilters>) => void;
  /** The first page again (as many rows as are shown, so a live reload keeps the scroll). */
  reload: () => Promise<void>;
  loadMore: () => Promise<void>;
}

function requestOf(filters: OrderFilters): Omit<OrderListRequest, 'limit' | 'cursor'> {
  const text = filters.text.trim();
  return {
    ...(filters.states.length === 0 ? {} : { states: filters.states }),
    ...(filters.profileId === null ? {} : { profileId: filters.profileId }),
    ...(text === '' ? {} : { text }),
  };
}

let generation = 0;

/** The Orders list: filters, the pages loaded so far, and live reloads on `orders.changed`. */
export const useOrdersStore = create<OrdersState>((set, get) => ({
  filters: { states: [], profileId: null, text: '' },
  items: [],
  total: 0,
  catchingUp: null,
  nextCursor: null,
  loaded: false,
  loading: false,
  error: null,
  watchers: 0,
  watch() {
    set({ watchers: get().watchers + 1 });
    return () => set({ watchers: get().watchers - 1 });
  },
  setFilters(patch) {
    set({ filters: { ...get().filters, ...patch } });
    void get().reload();
  },
  async reload() {
    const mine = ++generation;
    set({ loading: true });
    try {
      const limit = Math.min(500, Math.max(PAGE, get().items.length));
      const page = await bridge.listOrders({ ...requestOf(get().filters), limit });
      if (mine !== generation) return;
      set({
        items: page.items,
        total: page.total,
        catchingUp: page.catchingUp,
        nextCursor: page.nextCursor,
        loaded: true,
        error: null,
      });
    } catch (error) {
      if (mine === generation) set({ error: errorMessage(error), loaded: true });
    } finally {
      if (mine === generation) set({ loading: false });
    }
  },
  async loadMore() {
    const { nextCursor, loading, filters } = get();
    if (nextCursor === null || loading) return;
    const mine = ++generation;
    set({ loading: true });
    try {
      const page = await bridge.listOrders({ ...requestOf(filters), cursor: nextCursor, limit: PAGE });
      if (mine !== generation) return;
      const known = new Set(get().items.map((order) => order.orderId));
      set({
        items: [...get().items, ...page.items.filter((order) => !known.has(order.orderId))],
        total: page.total,
        catchingUp: page.catchingUp,
        nextCursor: page.nextCursor,
        error: null,
      });
    } catch (error) {
      if (mine === generation) set({ error: errorMessage(error) });
    } finally {
      if (mine === generation) set({ loading: false });
    }
  },
}));

// Live: a burst of pushes costs one reload, and never more than one at a time.
let liveTimer: ReturnType<typeof setTimeout> | null = null;
let liveReload: Promise<void> | null = null;
let reloadAgain = false;
function reloadLive(): void {
  if (liveReload !== null) {
    reloadAgain = true;
    return;
  }
  liveReload = useOrdersStore
    .getState()
    .reload()
    .finally(() => {
      liveReload = null;
      if (reloadAgain) {
        reloadAgain = false;
        reloadLive();
      }
    });
}
bridge.subscribe((event) => {
  if (event.name !== 'orders.changed' || useOrdersStore.getState().watchers === 0) return;
  liveTimer ??= setTimeout(() => {
    liveTimer = null;
    reloadLive();
  }, LIVE_RELOAD_MS);
});

/*
 * One order's calls (the lifecycle strip, the operation editor, the palette). What they answer
 * stays with the component that asked: each keeps its own generation guard and in-flight state.
 */

/** The orders whose id or reference contains `text`: the palette's search. */
export function searchOrders(text: string, limit: number): Promise<CommandOutput<'listOrders'>> {
  return bridge.listOrders({ text, limit });
}

export function loadOrderLifecycle(orderId: string): Promise<OrderDetail> {
  return bridge.getOrderLifecycle({ orderId });
}

/** Calls `onChange` whenever an `orders.changed` push names the order; returns the unsubscribe. */
export function watchOrder(orderId: string, onChange: () => void): () => void {
  return bridge.subscribe((event) => {
    if (event.name === 'orders.changed' && event.payload.orderIds.includes(orderId)) onChange();
  });
}

/** A follow-up operation's request as the profile's template makes it (token masked). */
export function prepareOperation(
  input: CommandInput<'prepareOperation'>,
): Promise<CommandOutput<'prepareOperation'>> {
  return bridge.prepareOperation(input);
}

export function sendOperation(input: CommandInput<'sendOperation'>): Promise<CommandOutput<'sendOperation'>> {
  return bridge.sendOperation(input);
}

/** Stops a request in flight (its answer then arrives as cancelled). */
export async function cancelExchange(requestKey: string): Promise<void> {
  await bridge.cancelExchange({ requestKey });
}
