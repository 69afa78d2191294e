import { registerPaletteSource } from '@ui/palette/palette-sources';
import { useNavigation } from '@ui/navigation';
import { stateWords } from '@shared/orders/operation-availability';
import { formatMoney } from '@shared/money-format';
import { searchOrders } from './orders-store';

// Ctrl+K: typing part of an order id or reference jumps to the order. Main searches.
registerPaletteSource({
  id: 'orders',
  heading: 'Orders',
  order: 40,
  filtersItself: true,
  minQueryLength: 2,
  async items(query, signal) {
    const page = await searchOrders(query.trim(), 8);
    if (signal.aborted) return [];
    return page.items.map((order) => ({
      id: `orders:${order.orderId}`,
      label: order.referenceId ?? order.orderId,
      description: [
        order.state === null ? 'state unknown' : stateWords({ ...order, state: order.state }),
        formatMoney(order.amount, order.currency),
        order.orderId,
      ].join(' · '),
      run: () => useNavigation.getState().navigate('orders', { id: order.orderId }),
    }));
  },
});
