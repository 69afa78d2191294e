import { Alert, Badge, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { catchingUpWords } from '@shared/orders/catching-up-words';
import { useResumed } from '@ui/app-store';
import { useNavigation } from '@ui/navigation';
import { OrderDetailPanel } from './order-detail';
import { OrderFilters } from './order-filters';
import { ordersEmptyWords } from './orders-empty-words';
import { OrdersList } from './orders-list';
import { useOrdersStore, type OrderFilters as Filters } from './orders-store';

/** Every order the console has seen, its known state, lifecycle and follow-up operations. */
export function OrdersView() {
  const { filters, items, total, catchingUp, nextCursor, loaded, error, setFilters, reload, loadMore } =
    useOrdersStore(
      useShallow((state) => ({
        filters: state.filters,
        items: state.items,
        total: state.total,
        catchingUp: state.catchingUp,
        nextCursor: state.nextCursor,
        loaded: state.loaded,
        error: state.error,
        setFilters: state.setFilters,
        reload: state.reload,
        loadMore: state.loadMore,
      })),
    );
  const { params, navigate } = useNavigation(
    useShallow((state) => ({ params: state.params, navigate: state.navigate })),
  );
  const selectedId = params.get('id');
  const watch = useOrdersStore((state) => state.watch);
  const resumed = useResumed();
  useEffect(() => {
    void reload();
    return watch();
  }, [reload, watch, resumed]);
  const onChange = useCallback((patch: Partial<Filters>) => setFilters(patch), [setFilters]);
  const onEndReached = useCallback(() => void loadMore(), [loadMore]);
  const empty = ordersEmptyWords({
    loaded,
    count: items.length,
    error,
    catchingUp: catchingUp !== null,
    total,
    filters,
  });
  // A list that could not be read has no count to give: "0" beside the error said there were none.
  const unread = error !== null && items.length === 0;

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={3}>Orders</Title>
          <Badge variant="light" color="gray" data-testid="orders-total">
            {unread ? '?' : total}
          </Badge>
        </Group>
        <OrderFilters filters={filters} onChange={onChange} />
      </Group>
      {error !== null && <Alert color="red">{error}</Alert>}
      {catchingUp !== null && (
        // It follows by itself: each batch derived pushes orders.changed, and the list reloads.
        <Alert color="yellow" data-testid="orders-catching-up">
          {catchingUpWords(catchingUp)}
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
          {empty !== null ? (
            <Text c="dimmed" size="sm" data-testid="orders-empty">
              {empty}
            </Text>
          ) : (
            !unread && (
              <OrdersList
                items={items}
                selectedId={selectedId}
                onSelect={(orderId) => navigate('orders', { id: orderId })}
                onEndReached={onEndReached}
                hasMore={nextCursor !== null}
              />
            )
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {selectedId === null ? (
            <Text c="dimmed" size="sm">
              Choose an order to see its lifecycle, its records and its follow-up operations.
            </Text>
          ) : (
            <OrderDetailPanel key={selectedId} orderId={selectedId} />
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
