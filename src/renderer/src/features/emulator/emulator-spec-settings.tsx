import { Button, Group, Input, MultiSelect, Stack, Switch, TextInput } from '@mantine/core';
import { CHECKOUT_FORM_CHOICES } from '@ui/checkout-form-choices';
import { ChoiceControl } from '@ui/choice-control';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import {
  ALL_COUNTRY_CURRENCY_PAIRS,
  DEFAULT_COUNTRY_CURRENCY_PAIRS,
  type CountryCurrencyPair,
} from '@shared/checkout/country-currency-pairs';
import type { EmulatorSettingsView } from '@shared/emulator';
import { ORDER_EVENT_TYPES, type OrderEventType } from '@shared/orders/order-states';
import { errorMessage } from '@bridge/bridge-error';
import { useEmulatorStore } from './emulator-store';
import { editsOf, headersChanged, RegisteredHeadersEditor, rowsOf } from './registered-headers-editor';

const isPair = (value: string): value is CountryCurrencyPair =>
  (ALL_COUNTRY_CURRENCY_PAIRS as readonly string[]).includes(value);
const isEventType = (value: string): value is OrderEventType =>
  (ORDER_EVENT_TYPES as readonly string[]).includes(value);

/**
 * How the emulator settles what the spec leaves open: the merchant's form, single checkout,
 * whether expires_in_minutes is honoured, the country/currency pairs, the address customers
 * reach it at, and the webhook registered in the portal (URL, events, headers). Each default is the spec's letter (docs/emulator-fidelity.md).
 */
export function EmulatorSpecSettings({
  settings,
  ownUrl,
}: {
  settings: EmulatorSettingsView;
  /** Where it runs now, shown as what an empty public URL means. */
  ownUrl: string | null;
}) {
  const [draft, setDraft] = useState(settings);
  const [publicUrl, setPublicUrl] = useState(settings.publicUrl ?? '');
  const [webhookUrl, setWebhookUrl] = useState(settings.webhookUrl ?? '');
  const [headerRows, setHeaderRows] = useState(() => rowsOf(settings.webhookHeaders));
  const save = () =>
    useEmulatorStore
      .getState()
      .saveSettings({
        checkoutForm: draft.checkoutForm,
        singleCheckout: draft.singleCheckout,
        honourExpiresInMinutes: draft.honourExpiresInMinutes,
        countryCurrencyPairs: draft.countryCurrencyPairs,
        publicUrl: publicUrl.trim() === '' ? null : publicUrl.trim(),
        webhookUrl: webhookUrl.trim() === '' ? null : webhookUrl.trim(),
        webhookEvents: draft.webhookEvents,
        // Sent only when changed: the list as read here would undo another window's change since.
        ...(headersChanged(headerRows, settings.webhookHeaders)
          ? { webhookHeaders: editsOf(headerRows) }
          : {}),
      })
      .then(() => {
        notifications.show({ color: 'green', message: 'Emulator settings saved' });
      })
      .catch((error: unknown) => notifications.show({ color: 'red', message: errorMessage(error) }));
  return (
    <Stack gap="sm" data-testid="emulator-spec-settings">
      <Group gap="lg" align="flex-end">
        <Input.Wrapper
          size="xs"
          label="Merchant's checkout form"
          description="How checkout requests are judged"
        >
          <ChoiceControl
            size="xs"
            aria-label="Merchant's checkout form"
            data={CHECKOUT_FORM_CHOICES}
            value={draft.checkoutForm}
            onChange={(checkoutForm) => setDraft({ ...draft, checkoutForm })}
          />
        </Input.Wrapper>
        <Switch
          size="sm"
          label="Single checkout (education form)"
          checked={draft.singleCheckout}
          onChange={(event) => setDraft({ ...draft, singleCheckout: event.currentTarget.checked })}
        />
        <Switch
          size="sm"
          label="Honour expires_in_minutes (enabled by support)"
          checked={draft.honourExpiresInMinutes}
          onChange={(event) => setDraft({ ...draft, honourExpiresInMinutes: event.currentTarget.checked })}
        />
      </Group>
      <MultiSelect
        size="xs"
        label="Supported country/currency pairs"
        description={`Not listed in the spec; default ${DEFAULT_COUNTRY_CURRENCY_PAIRS.join(', ')}`}
        data={[...ALL_COUNTRY_CURRENCY_PAIRS]}
        value={draft.countryCurrencyPairs}
        onChange={(values) => setDraft({ ...draft, countryCurrencyPairs: values.filter(isPair) })}
        error={draft.countryCurrencyPairs.length === 0 ? 'At least one pair' : undefined}
        searchable
      />
      <TextInput
        size="xs"
        label="Public URL"
        description={`Where customers reach the emulator (checkout_url, redirects). Empty: its own address${ownUrl === null ? '' : `, ${ownUrl}`}.`}
        placeholder={ownUrl ?? 'its own address'}
        value={publicUrl}
        onChange={(event) => setPublicUrl(event.currentTarget.value)}
        w={420}
      />
      <Group gap="lg" align="flex-start">
        <TextInput
          size="xs"
          label="Registered webhook URL"
          description="The portal's one-time webhook: where notifications go for an order whose checkout request has no notification URL. Empty: none registered (they are recorded as not sent)."
          placeholder="none registered"
          value={webhookUrl}
          onChange={(event) => setWebhookUrl(event.currentTarget.value)}
          w={420}
        />
        <MultiSelect
          size="xs"
          label="Its events"
          description="The events chosen for it in the portal"
          data={[...ORDER_EVENT_TYPES]}
          value={draft.webhookEvents}
          onChange={(values) => setDraft({ ...draft, webhookEvents: values.filter(isEventType) })}
          w={420}
        />
      </Group>
      <RegisteredHeadersEditor stored={settings.webhookHeaders} rows={headerRows} onChange={setHeaderRows} />
      <Group>
        <Button size="xs" onClick={() => void save()} disabled={draft.countryCurrencyPairs.length === 0}>
          Save settings
        </Button>
      </Group>
    </Stack>
  );
}
