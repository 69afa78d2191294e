import { Accordion, Alert, Badge, Button, Fieldset, Group, Text } from '@mantine/core';
import { memo, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { fieldGroupsFor, type FieldGroupId, type FormFieldGroup } from '@shared/checkout';
import { useBuilderStore } from '../builder-store';
import { isJsonObject } from '../builder-text';
import { SectionBody } from './form-sections';
import { groupOfPath } from './group-of-path';
import { useFormDocument } from './form-document';

const OPEN_BY_DEFAULT: FieldGroupId[] = [
  'order',
  'amounts',
  'items',
  'consumer',
  'addresses',
  'merchant_urls',
  'risk_assessment',
];

interface GroupCounts {
  errors: number;
  warnings: number;
}

/**
 * Findings of one section, counted where the form shows them: errors of touched fields (or all
 * after a send was attempted), warnings always. Each section's badges subscribe on their own,
 * so a new finding or a touched field re-renders the badges, not the form.
 */
function useGroupCounts(group: FieldGroupId): GroupCounts {
  const { findings, touched, revealErrors } = useBuilderStore(
    useShallow((state) => ({
      findings: state.findings,
      touched: state.touched,
      revealErrors: state.revealErrors,
    })),
  );
  const { errors, warnings } = useMemo(() => {
    const counts = { errors: 0, warnings: 0 };
    for (const finding of findings) {
      if (groupOfPath(finding.path) !== group) continue;
      if (finding.severity === 'warning') counts.warnings++;
      else if (revealErrors || touched.has(finding.path)) counts.errors++;
    }
    return counts;
  }, [findings, touched, revealErrors, group]);
  return { errors, warnings };
}

/** What the form needs of the document as a whole: whether it is an object at all. */
function describeRoot(document: unknown): string | null {
  if (isJsonObject(document)) return null;
  return Array.isArray(document) ? 'an array' : JSON.stringify(document);
}

/**
 * The structured editor: every field of the chosen form, grouped as the spec groups them. The
 * builder store's document is the one truth: each field reads its own value there and each
 * change goes back as an edit of that one path, so the raw JSON follows and keys the form never
 * touched stay exactly as they were. Findings come from the same shared checkout model main and
 * the CLI validate with, worked out off the page (builder-analysis.ts); a field shows its
 * errors once it was touched or a send was attempted, its warnings always.
 */
export const CheckoutForm = memo(function CheckoutForm({ notificationField }: { notificationField: string }) {
  const { form, singleCheckout, parseError } = useBuilderStore(
    useShallow((state) => ({
      form: state.form,
      singleCheckout: state.singleCheckout,
      parseError: state.parseError,
    })),
  );
  const notObject = useFormDocument((state) => describeRoot(state.document));
  const replaceDocument = useBuilderStore((state) => state.replaceDocument);
  const focus = useBuilderStore((state) => state.focus);
  const groups = useMemo(
    () => fieldGroupsFor(form, { singleCheckout }).filter((group) => group.fields.length > 0),
    [form, singleCheckout],
  );
  const [open, setOpen] = useState<string[]>(OPEN_BY_DEFAULT);
  // A finding clicked in a closed section opens it (derived: the person can close it again).
  const focusGroup = focus?.target === 'form' ? groupOfPath(focus.path) : null;
  const shown = focusGroup === null || open.includes(focusGroup) ? open : [...open, focusGroup];

  if (notObject !== null)
    return (
      <Alert color="orange" title="The payload is not an object">
        <Text size="sm">
          The raw JSON holds {notObject}; the form edits an object. Edit it in the raw JSON (it is sent as it
          is), or start over.
        </Text>
        <Button size="xs" mt="xs" variant="light" onClick={() => replaceDocument({})}>
          Replace it with {'{}'}
        </Button>
      </Alert>
    );

  return (
    <>
      {parseError !== null && (
        <Alert color="orange" mb="sm" title="The form shows the last valid JSON" data-testid="form-frozen">
          The raw JSON does not parse (line {parseError.line}, column {parseError.column}:{' '}
          {parseError.message}
          ). Fix it there to edit in the form again; nothing in the form is lost.
        </Alert>
      )}
      <Fieldset disabled={parseError !== null} variant="unstyled" p={0}>
        <form aria-label="Checkout session request" noValidate onSubmit={(event) => event.preventDefault()}>
          <Accordion
            multiple
            value={shown}
            onChange={setOpen}
            variant="separated"
            chevronPosition="left"
            keepMounted={false}
          >
            {groups.map((group) => (
              <Accordion.Item key={group.id} value={group.id}>
                <Accordion.Control>
                  <Group gap="xs">
                    <Text fw={600} size="sm">
                      {group.title}
                    </Text>
                    <SectionCounts group={group.id} />
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <Section group={group} groups={groups} notificationField={notificationField} />
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </form>
      </Fieldset>
    </>
  );
});

/** A section's body re-renders only when the form or the notification field changes. */
const Section = memo(function Section(props: {
  group: FormFieldGroup;
  groups: readonly FormFieldGroup[];
  notificationField: string;
}) {
  return <SectionBody {...props} />;
});

const SectionCounts = memo(function SectionCounts({ group }: { group: FieldGroupId }) {
  const counts = useGroupCounts(group);
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
});
