/**
 * What the Orders list says where it shows no order, or null where it says nothing: before it
 * loaded, while it lists some, and when the list could not be read (the error above says why:
 * "No orders yet" beside it told a person with orders that there were none).
 */
export function ordersEmptyWords(list: {
  loaded: boolean;
  count: number;
  error: string | null;
  catchingUp: boolean;
  total: number;
  filters: { states: readonly unknown[]; text: string; profileId: number | null };
}): string | null {
  if (!list.loaded || list.count > 0 || list.error !== null) return null;
  if (list.catchingUp) return 'No order derived so far matches; the others are still being derived.';
  const { filters } = list;
  return list.total === 0 && filters.states.length === 0 && filters.text === '' && filters.profileId === null
    ? 'No orders yet. Create a checkout session (builder, or the send command); the orders it creates, and any order a webhook names, appear here.'
    : 'No order matches these filters.';
}
