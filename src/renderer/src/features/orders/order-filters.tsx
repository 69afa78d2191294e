import { Group, MultiSelect, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ORDER_STATES, type OrderState } from '@shared/orders/order-states';
import { ProfileFilterSelect } from '@features/profiles';
import { STATE_LABEL } from '@ui/order-format';
import type { OrderFilters as Filters } from './orders-store';

const STATE_OPTIONS = ORDER_STATES.map((state) => ({ value: state, label: STATE_LABEL[state] }));
const isOrderState = (value: string): value is OrderState =>
  (ORDER_STATES as readonly string[]).includes(value);

/** State, profile and text (order id or reference) filters; the text applies after a short pause. */
export function OrderFilters({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange: (patch: Partial<Filters>) => void;
}) {
  const [text, setText] = useState(filters.text);
  useEffect(() => {
    if (text === filters.text) return undefined;
    const timer = setTimeout(() => onChange({ text }), 200);
    return () => clearTimeout(timer);
  }, [text, filters.text, onChange]);

  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <TextInput
        label="Search"
        placeholder="Order id or reference"
        leftSection={<IconSearch size={14} />}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        size="xs"
        w={220}
      />
      <MultiSelect
        label="State"
        placeholder={filters.states.length === 0 ? 'Any state' : undefined}
        data={STATE_OPTIONS}
        value={filters.states}
        onChange={(values) => onChange({ states: values.filter(isOrderState) })}
        clearable
        size="xs"
        w={220}
      />
      <ProfileFilterSelect
        placeholder="Any profile"
        value={filters.profileId}
        onChange={(profileId) => onChange({ profileId })}
        w={160}
      />
    </Group>
  );
}
