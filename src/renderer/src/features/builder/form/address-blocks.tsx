import { Stack, Switch, Text } from '@mantine/core';
import type { FormField } from '@shared/checkout';
import { useBuilderStore } from '../builder-store';
import { ObjectBlock } from './field-grid';
import { mirrorBilling } from './mirror-billing';
import { editDocument } from './use-document';

/** Shipping and billing addresses; billing can follow shipping while "same as shipping" is on. */
export function AddressBlocks({ fields }: { fields: readonly FormField[] }) {
  const same = useBuilderStore((state) => state.sameAsShipping);
  const setSame = useBuilderStore((state) => state.setSameAsShipping);
  const billingLeft = useBuilderStore((state) => state.billingLeftShipping);
  const shipping = fields.find((field) => field.path === 'shipping_address');
  const billing = fields.find((field) => field.path === 'billing_address');
  if (shipping === undefined || billing === undefined) return null;
  return (
    <Stack gap="sm">
      <Text size="sm" fw={600}>
        Shipping address
      </Text>
      <ObjectBlock object={shipping} fields={fields} />
      <Text size="sm" fw={600}>
        Billing address
      </Text>
      <Switch
        label="Same as shipping"
        description="Billing is a copy of the shipping address and follows its changes."
        checked={same}
        onChange={(event) => {
          const on = event.currentTarget.checked;
          setSame(on);
          if (on) editDocument(mirrorBilling);
        }}
      />
      {billingLeft && (
        <Text size="xs" c="orange.7" role="status">
          Same as shipping was switched off: billing_address in the raw JSON differs from shipping_address,
          and is kept as it is.
        </Text>
      )}
      {same ? (
        <Text size="xs" c="dimmed" data-path="billing_address">
          billing_address follows shipping_address.
        </Text>
      ) : (
        <ObjectBlock object={billing} fields={fields} />
      )}
    </Stack>
  );
}
