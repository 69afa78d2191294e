import { Group, MultiSelect, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ORDER_STATES, type OrderState } from '@shared/orders/order-states';
import { useProfilesStore } from '@features/profiles';
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
  const profiles = useProfilesStore((state) => state.profiles);
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
      <Select
        label="Profile"
        placeholder="Any profile"
        data={profiles.map((profile) => ({ value: String(profile.id), label: profile.name }))}
        value={filters.profileId === null ? null : String(filters.profileId)}
        onChange={(value) => onChange({ profileId: value === null ? null : Number(value) })}
        clearable
        size="xs"
        w={160}
      />
    </Group>
  );
}
