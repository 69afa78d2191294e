import { Alert, Button, Group, Popover, Select, Stack, Table, Text } from '@mantine/core';
import { IconCalculator } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import {
  changeCurrencyOf,
  computeTotals,
  CURRENCIES,
  currencyChangeWords,
  isCurrency,
  withComputedTotal,
  type Currency,
  type CurrencyChange,
} from '@shared/checkout';
import { getIn } from '@shared/builder/document-edit';
import { jsonSourceText } from '@shared/json-source-text';
import { useBuilderStore } from '../builder-store';
import { editDocument } from './use-document';
import { useFormDocument } from './form-document';

/**
 * Every Money to `currency` (changeCurrencyOf), then a toast saying what that did beyond the
 * currencies: amounts rounded (digits a change back does not restore), the total re-derived,
 * the countries that followed.
 */
function changeEveryCurrency(currency: Currency): void {
  // The change runs on the document as it is when applied (editDocument), so it is read there.
  const made: { change?: CurrencyChange } = {};
  editDocument((current) => {
    made.change = changeCurrencyOf(current, currency);
    return made.change.payload;
  });
  if (made.change === undefined) return;
  const { title, lines } = currencyChangeWords(made.change, currency);
  notifications.show({
    title,
    message: (
      <Stack gap={4}>
        {lines.map((line) => (
          <Text key={line} size="sm">
            {line}
          </Text>
        ))}
      </Stack>
    ),
  });
}

/**
 * The amounts toolbar: one currency for every Money (amounts re-rounded to its precision, a
 * total that added up re-derived, the country following), and the total computed from items,
 * tax, shipping and discount with the breakdown shown before it is written.
 */
export function AmountsToolbar() {
  const stated = useFormDocument((state) => getIn(state.document, ['total_amount', 'currency']));
  const currency = typeof stated === 'string' && isCurrency(stated) ? stated : null;
  return (
    <Group gap="sm" align="flex-end">
      <Select
        label="Currency of every amount"
        description="Re-rounds each amount to the currency's decimals; the total and the country follow."
        data={[...CURRENCIES]}
        value={currency}
        placeholder={typeof stated === 'string' ? stated : 'SAR (default)'}
        onChange={(value) => {
          if (value !== null && isCurrency(value)) changeEveryCurrency(value);
        }}
        allowDeselect={false}
        comboboxProps={{ keepMounted: false }}
        w={260}
      />
      <TotalsPopover />
    </Group>
  );
}

function TotalsPopover() {
  return (
    <Popover width={360} position="bottom-start" withArrow shadow="md">
      <Popover.Target>
        <Button variant="light" leftSection={<IconCalculator size={16} />}>
          Compute total
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <TotalsBreakdown />
      </Popover.Dropdown>
    </Popover>
  );
}

/** Rendered only while the popover is open: the sum runs over every item. */
function TotalsBreakdown() {
  const document = useBuilderStore((state) => state.document);
  // The text the document was read from, so the stated total is quoted with its digits (34.880,
  // not 34.88) as the field and the total's finding quote it; none while the text does not parse.
  const text = useBuilderStore((state) => (state.parseError === null ? state.text : undefined));
  const totals = computeTotals(document, text === undefined ? undefined : jsonSourceText(text));
  const rows: [string, string][] = [
    ['Items (sum of item totals)', totals.itemsTotalText],
    ['+ Tax', totals.taxText],
    ['+ Shipping', totals.shippingText],
    [
      `− Discount${totals.discountCurrency === null ? '' : ` (in ${totals.discountCurrency})`}`,
      totals.discountText,
    ],
  ];
  return (
    <Stack gap="xs" data-testid="totals-breakdown">
      <Table fz="sm" verticalSpacing={2}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Td>{label}</Table.Td>
              <Table.Td ta="right" ff="monospace">
                {value}
              </Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr fw={700}>
            <Table.Td>= Total</Table.Td>
            <Table.Td ta="right" ff="monospace">
              {totals.computedTotalText} {totals.currency}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td c="dimmed">Stated total_amount</Table.Td>
            <Table.Td ta="right" ff="monospace" c={totals.matches === false ? 'red' : undefined}>
              {totals.statedTotal === null ? '—' : totals.statedTotalText}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {totals.computedTotalTooManyDecimals !== null && (
        // Set as it is: a total rounded to the currency would not be the sum of these parts.
        <Alert color="orange" p="xs" data-testid="totals-too-many-decimals">
          <Text size="xs">{totals.computedTotalTooManyDecimals}</Text>
        </Alert>
      )}
      {totals.unreadable.length > 0 && (
        <Alert color="orange" p="xs">
          <Text size="xs">Counted as 0 (missing or not a number): {totals.unreadable.join(', ')}</Text>
        </Alert>
      )}
      <Button
        size="xs"
        disabled={totals.matches === true}
        onClick={() => editDocument((current) => withComputedTotal(current))}
      >
        {totals.matches === true
          ? 'The total already adds up'
          : `Set total_amount to ${totals.computedTotalText} ${totals.currency}`}
      </Button>
    </Stack>
  );
}
