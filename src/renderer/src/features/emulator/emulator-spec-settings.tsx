import { Group, Input, MultiSelect, NumberInput, Stack, Switch, TextInput } from '@mantine/core';
import { CHECKOUT_FORM_CHOICES } from '@ui/checkout-form-choices';
import { ChoiceControl } from '@ui/choice-control';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import {
  ALL_COUNTRY_CURRENCY_PAIRS,
  DEFAULT_COUNTRY_CURRENCY_PAIRS,
  type CountryCurrencyPair,
} from '@shared/checkout/country-currency-pairs';
import { EXTENSION_EVENTS_TO_REQUEST_URL_LABEL, type EmulatorSettingsView } from '@shared/emulator';
import type { WebhookHeaderView } from '@shared/registered-webhook-headers';
import { ORDER_EVENT_TYPES, type OrderEventType } from '@shared/orders/order-states';
import { useFollowedValues } from '@ui/use-followed-values';
import { boxesToCorrect } from '@ui/boxes-to-correct';
import { UnsavedChanges } from '@ui/unsaved-changes';
import {
  editsOf,
  headerIssues,
  headersChanged,
  RegisteredHeadersEditor,
  rowsOf,
  type HeaderRow,
} from './registered-headers-editor';
import { EmulatorLimitSettings, LIMIT_LABELS } from './emulator-limit-settings';
import { SaveSettingsButton } from './needs-console';
import { saveEmulatorSettings } from './save-emulator-settings';
import {
  ABSENT_MONEY_CHOICES,
  EMPTY_OPTIONAL_CHOICES,
  INSTALMENTS_REQUIRED_CHOICES,
  MISSING_COUNTRY_CODE_CHOICES,
  MONEY_AMOUNTS_CHOICES,
} from './emulator-spec-choices';

/** This form's fields, by the labels it shows them with (a refused save names them so). */
const LABELS = {
  checkoutForm: "Merchant's checkout form",
  singleCheckout: 'Single checkout (education form)',
  honourExpiresInMinutes: 'Honour expires_in_minutes (enabled by support)',
  authorisedExpiryDays: 'Authorised order expiry (days)',
  emptyOptional: 'Empty and blank values',
  instalmentsRequired: 'instalments required',
  missingCountryCode: 'Missing country_code',
  moneyAmounts: 'Money amounts',
  absentMoney: 'A Money not given (order record)',
  countryCurrencyPairs: 'Supported country/currency pairs',
  publicUrl: 'Public URL',
  extensionEventsToRequestUrl: EXTENSION_EVENTS_TO_REQUEST_URL_LABEL,
  webhookUrl: 'Registered webhook URL',
  webhookEvents: 'Its events',
  webhookHeaders: 'Its headers',
  ...LIMIT_LABELS,
} as const;

const isPair = (value: string): value is CountryCurrencyPair =>
  (ALL_COUNTRY_CURRENCY_PAIRS as readonly string[]).includes(value);
const isEventType = (value: string): value is OrderEventType =>
  (ORDER_EVENT_TYPES as readonly string[]).includes(value);

/**
 * How the emulator settles what the spec leaves open: the merchant's form, single checkout,
 * whether expires_in_minutes is honoured, how an optional field given "" or null and a text
 * of only blanks are read, where instalments may be left out, whether a missing country_code
 * is taken as SA, how Money is written, whether events beyond the spec's three go to a
 * request's notification URL, the
 * largest request body, a rate limit, which answer delivers a notification, the
 * country/currency pairs, the address customers reach it at, and the webhook registered in the
 * portal (URL, events, headers). Each default is the spec's
 * letter, but where the official client differs from it (docs/emulator-fidelity.md).
 */
export function EmulatorSpecSettings({
  settings,
  ownUrl,
}: {
  settings: EmulatorSettingsView;
  /** Where it runs now, shown as what an empty public URL means. */
  ownUrl: string | null;
}) {
  const form = useFollowedValues(settings);
  const draft = form.values;
  const pairsProblem = draft.countryCurrencyPairs.length === 0 ? 'At least one pair' : null;
  // The headers as edited here, with the list they were read from; null while none is edited, and
  // then the rows follow the stored list (a push shows through). An edit is state of its own,
  // never replaced while rendering: a reset made while rendering, on a push, could undo the row
  // a click had just added (seen under load).
  const [edited, setEdited] = useState<{ rows: HeaderRow[]; read: WebhookHeaderView[] } | null>(null);
  const followed = useMemo(() => rowsOf(settings.webhookHeaders), [settings.webhookHeaders]);
  const headerRows = edited?.rows ?? followed;
  const headers = { rows: headerRows, read: edited?.read ?? settings.webhookHeaders };
  const setHeaderRows = (rows: HeaderRow[]) =>
    setEdited((before) => {
      const read = before?.read ?? settings.webhookHeaders;
      return headersChanged(rows, read) ? { rows, read } : null;
    });
  // Set by a Save the headers stopped: every field in error says so, empty ones included.
  const [headersChecked, setHeadersChecked] = useState(false);
  const urlOf = (text: string) => (text.trim() === '' ? null : text.trim());
  const save = async () => {
    const { patch, expected } = form.changes();
    const own = <T extends object>(fields: T) =>
      Object.fromEntries(Object.entries(fields).filter(([key]) => key in LABELS && key !== 'webhookHeaders'));
    const headersEdited = headersChanged(headerRows, headers.read);
    // Main would refuse these rows, in its field paths' words; they are said on the fields instead.
    if (headersEdited && headerIssues(headerRows).size > 0) {
      setHeadersChecked(true);
      notifications.show({
        color: 'red',
        message: 'Not saved: a registered header is not valid (its field says why).',
      });
      return;
    }
    const saved = await saveEmulatorSettings(
      {
        patch: {
          ...own(patch),
          ...('publicUrl' in patch ? { publicUrl: urlOf(draft.publicUrl ?? '') } : {}),
          ...('webhookUrl' in patch ? { webhookUrl: urlOf(draft.webhookUrl ?? '') } : {}),
          // Sent only when changed: the list as read here would undo another window's change since.
          ...(headersEdited ? { webhookHeaders: editsOf(headerRows) } : {}),
        },
        expected: { ...own(expected), ...(headersEdited ? { webhookHeaders: headers.read } : {}) },
      },
      LABELS,
    );
    // The stored list, values masked, replaces what was typed (a typed value is never kept).
    if (saved && headersEdited) {
      setEdited(null);
      setHeadersChecked(false);
    }
  };
  return (
    <Stack gap="sm" data-testid="emulator-spec-settings">
      <Group gap="lg" align="flex-end">
        <Input.Wrapper size="xs" label={LABELS.checkoutForm} description="How checkout requests are judged">
          <ChoiceControl
            size="xs"
            aria-label={LABELS.checkoutForm}
            data={CHECKOUT_FORM_CHOICES}
            value={draft.checkoutForm}
            onChange={(checkoutForm) => form.change({ checkoutForm })}
          />
        </Input.Wrapper>
        <Switch
          size="sm"
          label="Single checkout (education form)"
          checked={draft.singleCheckout}
          onChange={(event) => form.change({ singleCheckout: event.currentTarget.checked })}
        />
        <Switch
          size="sm"
          label="Honour expires_in_minutes (enabled by support)"
          checked={draft.honourExpiresInMinutes}
          onChange={(event) => form.change({ honourExpiresInMinutes: event.currentTarget.checked })}
        />
        <NumberInput
          size="xs"
          label={LABELS.authorisedExpiryDays}
          description="order_expiry_time in the authorise answer, after the authorisation (not shown in the spec; nothing expires)"
          min={1}
          max={365}
          allowDecimal={false}
          value={draft.authorisedExpiryDays}
          onChange={(value) => {
            if (typeof value === 'number') form.change({ authorisedExpiryDays: value });
          }}
          w={200}
        />
        <Input.Wrapper
          size="xs"
          label={LABELS.emptyOptional}
          description={
            'Not shown in the spec: an optional field given "" or null, a text of only blanks. The official client\'s own "" and null always pass'
          }
        >
          <ChoiceControl
            size="xs"
            aria-label={LABELS.emptyOptional}
            data={EMPTY_OPTIONAL_CHOICES}
            value={draft.emptyOptional}
            onChange={(emptyOptional) => form.change({ emptyOptional })}
          />
        </Input.Wrapper>
        <Input.Wrapper
          size="xs"
          label={LABELS.instalmentsRequired}
          description="The spec: always. The official client sends it only with PAY_BY_INSTALMENTS; elsewhere a missing one is a warning"
        >
          <ChoiceControl
            size="xs"
            aria-label={LABELS.instalmentsRequired}
            data={INSTALMENTS_REQUIRED_CHOICES}
            value={draft.instalmentsRequired}
            onChange={(instalmentsRequired) => form.change({ instalmentsRequired })}
          />
        </Input.Wrapper>
        <Input.Wrapper
          size="xs"
          label={LABELS.missingCountryCode}
          description='The spec says both required "yes" and "Default SA" for the top-level country_code'
        >
          <ChoiceControl
            size="xs"
            aria-label={LABELS.missingCountryCode}
            data={MISSING_COUNTRY_CODE_CHOICES}
            value={draft.missingCountryCode}
            onChange={(missingCountryCode) => form.change({ missingCountryCode })}
          />
        </Input.Wrapper>
        <Input.Wrapper
          size="xs"
          label={LABELS.moneyAmounts}
          description='In answers, the order record and notifications: "23.830" or 23.83 (the spec does not say which)'
        >
          <ChoiceControl
            size="xs"
            aria-label={LABELS.moneyAmounts}
            data={MONEY_AMOUNTS_CHOICES}
            value={draft.moneyAmounts}
            onChange={(moneyAmounts) => form.change({ moneyAmounts })}
          />
        </Input.Wrapper>
        <Input.Wrapper
          size="xs"
          label={LABELS.absentMoney}
          description="Not shown in the spec. The official client reads only Zero: it makes a Money of each"
        >
          <ChoiceControl
            size="xs"
            aria-label={LABELS.absentMoney}
            data={ABSENT_MONEY_CHOICES}
            value={draft.absentMoney}
            onChange={(absentMoney) => form.change({ absentMoney })}
          />
        </Input.Wrapper>
        <EmulatorLimitSettings values={draft} onChange={(patch) => form.change(patch)} />
      </Group>
      <MultiSelect
        size="xs"
        label="Supported country/currency pairs"
        description={`Not listed in the spec; default ${DEFAULT_COUNTRY_CURRENCY_PAIRS.join(', ')}`}
        data={[...ALL_COUNTRY_CURRENCY_PAIRS]}
        value={draft.countryCurrencyPairs}
        onChange={(values) => form.change({ countryCurrencyPairs: values.filter(isPair) })}
        error={pairsProblem ?? undefined}
        searchable
      />
      <TextInput
        size="xs"
        label="Public URL"
        description={`Where customers reach the emulator (checkout_url, redirects). Empty: its own address${ownUrl === null ? '' : `, ${ownUrl}`}.`}
        placeholder={ownUrl ?? 'its own address'}
        value={draft.publicUrl ?? ''}
        onChange={(event) => form.change({ publicUrl: event.currentTarget.value || null })}
        w={420}
      />
      <Switch
        size="sm"
        label={LABELS.extensionEventsToRequestUrl}
        description="order_canceled, order_refunded, order_declined, order_expired to a checkout request's notification URL (the spec names three events; others are not shown). Off: only the three go there; the rest go to the registered webhook when one is registered for them, else are recorded as not sent"
        checked={draft.extensionEventsToRequestUrl}
        onChange={(event) => form.change({ extensionEventsToRequestUrl: event.currentTarget.checked })}
      />
      <Group gap="lg" align="flex-start">
        <TextInput
          size="xs"
          label="Registered webhook URL"
          description="The portal's one-time webhook: where notifications go for an order whose checkout request has no notification URL (and, with the switch above off, the other events of one that has). Empty: none registered (they are recorded as not sent)."
          placeholder="none registered"
          value={draft.webhookUrl ?? ''}
          onChange={(event) => form.change({ webhookUrl: event.currentTarget.value || null })}
          w={420}
        />
        <MultiSelect
          size="xs"
          label="Its events"
          description="The events chosen for it in the portal"
          data={[...ORDER_EVENT_TYPES]}
          value={draft.webhookEvents}
          onChange={(values) => form.change({ webhookEvents: values.filter(isEventType) })}
          w={420}
        />
      </Group>
      <RegisteredHeadersEditor
        stored={settings.webhookHeaders}
        rows={headerRows}
        onChange={setHeaderRows}
        showEmpty={headersChecked}
        urlRegistered={urlOf(draft.webhookUrl ?? '') !== null}
      />
      <Group gap="sm">
        <SaveSettingsButton
          invalid={boxesToCorrect([[LABELS.countryCurrencyPairs, pairsProblem]])}
          onSave={() => void save()}
        />
        <UnsavedChanges
          what="the emulator settings"
          edited={edited !== null || Object.keys(form.changes().patch).length > 0}
        />
      </Group>
    </Stack>
  );
}
