import { Stack } from '@mantine/core';
import { EXTRA_RISK_FIELDS, type FieldGroupId, type FormField, type FormFieldGroup } from '@shared/checkout';
import { AddressBlocks } from './address-blocks';
import { FieldGrid, ObjectBlock } from './field-grid';
import { FieldInput } from './field-input';
import { concretePath } from './form-paths';
import { ItemsTable } from './items-table';
import { KeyValueRows } from './key-value-rows';
import { AmountsToolbar } from './totals-helper';

const depth = (field: FormField) => field.path.split('.').length;
const isLeaf = (field: FormField) => field.kind !== 'object' && field.kind !== 'array';

/** Keys of risk_assessment the form edits in its own sections (the rest are key–value rows). */
function handledRiskKeys(all: readonly FormFieldGroup[]): Set<string> {
  const keys = new Set<string>();
  for (const group of all)
    if (group.id !== 'extra_risk')
      for (const field of group.fields) {
        const [head, key] = field.path.split('.');
        if (head === 'risk_assessment' && key !== undefined) keys.add(key);
      }
  return keys;
}

function notificationFieldOf(path: string): FormField {
  return {
    path,
    group: 'merchant_urls',
    label: 'Notification URL',
    kind: 'uri',
    requirement: { general: 'optional', education: 'optional' },
    help: `Where the service sends webhooks (${path}, the active profile's notification field). Left empty, the console can fill it with its listener's URL when sending.`,
    required: false,
    formHelp: `Where the service sends webhooks (${path}, the active profile's notification field). Left empty, the console can fill it with its listener's URL when sending.`,
  };
}

/** One section's fields: objects as blocks (switchable when optional), leaves in a grid. */
function GenericSection({ group }: { group: FormFieldGroup }) {
  const objects = group.fields.filter((field) => field.kind === 'object');
  const top =
    objects.length === 0 ? [] : objects.filter((object) => depth(object) === Math.min(...objects.map(depth)));
  const looseLeaves = group.fields.filter(
    (field) => isLeaf(field) && !top.some((object) => field.path.startsWith(`${object.path}.`)),
  );
  return (
    <Stack gap="sm">
      {looseLeaves.length > 0 && <FieldGrid fields={looseLeaves} />}
      {top.map((object) => (
        <ObjectBlock key={object.path} object={object} fields={group.fields} />
      ))}
    </Stack>
  );
}

/** The body of one section of the form, by the spec's grouping. */
export function SectionBody({
  group,
  groups,
  notificationField,
}: {
  group: FormFieldGroup;
  groups: readonly FormFieldGroup[];
  notificationField: string;
}) {
  const id: FieldGroupId = group.id;
  switch (id) {
    case 'amounts':
      return (
        <Stack gap="sm">
          <AmountsToolbar />
          <GenericSection group={group} />
        </Stack>
      );
    case 'items':
      return <ItemsTable fields={group.fields} />;
    case 'addresses':
      return <AddressBlocks fields={group.fields} />;
    case 'merchant_urls': {
      const merchantUrl = group.fields.find((field) => field.path === 'merchant_url');
      const listed = group.fields.some((field) => field.path === notificationField);
      return (
        <Stack gap="sm">
          {merchantUrl !== undefined && <ObjectBlock object={merchantUrl} fields={group.fields} />}
          {!listed && (
            <FieldInput
              field={notificationFieldOf(notificationField)}
              path={concretePath(notificationField)}
            />
          )}
        </Stack>
      );
    }
    case 'extra_risk':
      return (
        <KeyValueRows
          path={['risk_assessment']}
          handled={handledRiskKeys(groups)}
          suggestions={EXTRA_RISK_FIELDS}
          noun="extra risk fields"
        />
      );
    case 'additional_data': {
      const known = new Set(group.fields.map((field) => field.path.split('.')[1] ?? ''));
      const object = group.fields.find((field) => field.path === 'additional_data');
      if (object === undefined) return <GenericSection group={group} />;
      return (
        <ObjectBlock
          object={object}
          fields={group.fields}
          extra={
            <KeyValueRows path={['additional_data']} handled={known} suggestions={[]} noun="other keys" />
          }
        />
      );
    }
    default:
      return <GenericSection group={group} />;
  }
}
