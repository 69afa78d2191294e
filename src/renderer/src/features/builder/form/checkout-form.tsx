import { zodResolver } from '@hookform/resolvers/zod';
import { Accordion, Alert, Badge, Button, Fieldset, Group, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { FormProvider, useForm, type FieldValues } from 'react-hook-form';
import { z } from 'zod';
import {
  checkoutSchemaFor,
  fieldGroupsFor,
  type FieldGroupId,
  type Finding,
} from '../../../../../shared/checkout';
import { setIn } from '../../../../../shared/builder/document-edit';
import { useBuilderStore } from '../builder-store';
import { isJsonObject } from '../builder-text';
import { mirrorBilling } from './address-blocks';
import { BuilderFormContext, type BuilderFormContextValue } from './builder-form-context';
import { SectionBody } from './form-sections';
import { groupOfPath } from './group-of-path';

const OPEN_BY_DEFAULT: FieldGroupId[] = [
  'order',
  'amounts',
  'items',
  'consumer',
  'addresses',
  'merchant_urls',
  'risk_assessment',
];
const EMPTY: FieldValues = {};

/**
 * The form's resolver: the shared checkout schema (field rules and cross-field errors) over
 * whatever object is in the form. Wrapped in a record schema so react-hook-form's values type
 * stays the plain object it really is: payloads here are wrong on purpose as often as not.
 */
function formSchema(form: 'general' | 'education', singleCheckout: boolean, notificationField: string) {
  const checkout = checkoutSchemaFor(form, { singleCheckout, notificationField });
  return z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
    const result = checkout.safeParse(value);
    if (!result.success)
      for (const issue of result.error.issues)
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });
}

/** `items.2.sku` → `['items', 2, 'sku']` (catalogue keys are never all digits). */
const segmentsOf = (name: string) =>
  name.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/**
 * The structured editor: every field of the chosen form, grouped as the spec groups them,
 * react-hook-form with zodResolver over the shared schema. The builder store's document is the
 * one truth: the form shows it, and each change goes back as an edit of that one field, so the
 * raw JSON follows and keys the form never touched stay exactly as they were.
 */
export function CheckoutForm({
  findings,
  notificationField,
}: {
  findings: readonly Finding[];
  notificationField: string;
}) {
  const form = useBuilderStore((state) => state.form);
  const singleCheckout = useBuilderStore((state) => state.singleCheckout);
  const document = useBuilderStore((state) => state.document);
  const parseError = useBuilderStore((state) => state.parseError);
  const setDocument = useBuilderStore((state) => state.setDocument);
  const focus = useBuilderStore((state) => state.focus);
  const schema = useMemo(
    () => formSchema(form, singleCheckout, notificationField),
    [form, singleCheckout, notificationField],
  );
  const values = isJsonObject(document) ? document : EMPTY;
  const methods = useForm<FieldValues>({
    values,
    resolver: zodResolver(schema),
    resetOptions: { keepErrors: true },
  });
  const { trigger, subscribe, getValues } = methods;

  // Every document (typed here, in the raw editor, or by a helper) is validated as a whole.
  useEffect(() => {
    void trigger();
  }, [trigger, values, schema]);

  // One field changed in the form → that one path changes in the document.
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name, type }) => {
          if (name === undefined || type !== 'change') return;
          const { document: current, sameAsShipping } = useBuilderStore.getState();
          const value: unknown = getValues(name);
          const next = setIn(
            current,
            segmentsOf(name),
            value === undefined ? undefined : structuredClone(value),
          );
          setDocument(sameAsShipping && name.startsWith('shipping_address.') ? mirrorBilling(next) : next);
        },
      }),
    [subscribe, getValues, setDocument],
  );

  const groups = fieldGroupsFor(form, { singleCheckout });
  const byPath = new Map<string, Finding[]>();
  const byGroup = new Map<FieldGroupId, { errors: number; warnings: number }>();
  for (const finding of findings) {
    byPath.set(finding.path, [...(byPath.get(finding.path) ?? []), finding]);
    const group = groupOfPath(finding.path);
    if (group === null) continue;
    const counts = byGroup.get(group) ?? { errors: 0, warnings: 0 };
    if (finding.severity === 'error') counts.errors++;
    else counts.warnings++;
    byGroup.set(group, counts);
  }
  const context: BuilderFormContextValue = {
    findingsByPath: byPath,
    document,
    edit: (change) => {
      const { document: current, sameAsShipping } = useBuilderStore.getState();
      const next = change(current);
      setDocument(sameAsShipping ? mirrorBilling(next) : next);
    },
  };

  const [open, setOpen] = useState<string[]>(OPEN_BY_DEFAULT);
  // A finding clicked in a closed section opens it (derived: the person can close it again).
  const focusGroup = focus?.target === 'form' ? groupOfPath(focus.path) : null;
  const shown = focusGroup === null || open.includes(focusGroup) ? open : [...open, focusGroup];

  if (!isJsonObject(document))
    return (
      <Alert color="orange" title="The payload is not an object">
        <Text size="sm">
          The raw JSON holds {Array.isArray(document) ? 'an array' : `${JSON.stringify(document)}`}; the form
          edits an object. Edit it in the raw JSON (it is sent as it is), or start over.
        </Text>
        <Button size="xs" mt="xs" variant="light" onClick={() => setDocument({})}>
          Replace it with {'{}'}
        </Button>
      </Alert>
    );

  return (
    <BuilderFormContext value={context}>
      <FormProvider {...methods}>
        {parseError !== null && (
          <Alert color="orange" mb="sm" title="The form shows the last valid JSON" data-testid="form-frozen">
            The raw JSON does not parse (line {parseError.line}, column {parseError.column}:{' '}
            {parseError.message}). Fix it there to edit in the form again; nothing in the form is lost.
          </Alert>
        )}
        <Fieldset disabled={parseError !== null} variant="unstyled" p={0}>
          <form aria-label="Checkout session request" noValidate onSubmit={(event) => event.preventDefault()}>
            <Accordion multiple value={shown} onChange={setOpen} variant="separated" chevronPosition="left">
              {groups
                .filter((group) => group.fields.length > 0)
                .map((group) => (
                  <Accordion.Item key={group.id} value={group.id}>
                    <Accordion.Control>
                      <Group gap="xs">
                        <Text fw={600} size="sm">
                          {group.title}
                        </Text>
                        <SectionCounts counts={byGroup.get(group.id)} />
                      </Group>
                    </Accordion.Control>
                    <Accordion.Panel>
                      <SectionBody group={group} groups={groups} notificationField={notificationField} />
                    </Accordion.Panel>
                  </Accordion.Item>
                ))}
            </Accordion>
          </form>
        </Fieldset>
      </FormProvider>
    </BuilderFormContext>
  );
}

function SectionCounts({ counts }: { counts: { errors: number; warnings: number } | undefined }) {
  if (counts === undefined) return null;
  return (
    <>
      {counts.errors > 0 && (
        <Badge size="xs" color="red" variant="light">
          {counts.errors} {counts.errors === 1 ? 'error' : 'errors'}
        </Badge>
      )}
      {counts.warnings > 0 && (
        <Badge size="xs" color="orange" variant="light">
          {counts.warnings} {counts.warnings === 1 ? 'warning' : 'warnings'}
        </Badge>
      )}
    </>
  );
}
