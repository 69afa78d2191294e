import { ActionIcon, Autocomplete, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import {
  escapedText,
  formatFieldValue,
  holdsLineBreak,
  parseFieldText,
  textMatchesValue,
} from '@shared/builder/field-text';
import { getIn, setIn } from '@shared/builder/document-edit';
import { monoInput } from '@ui/mono-input';
import { isJsonObject } from '../builder-text';
import { LINE_BREAK_NOTE } from './field-input';
import { findingPath, type Segments } from './form-paths';
import { editDocument as edit, setField, useNumberSource } from './use-document';
import { useFormDocument } from './form-document';

/** The object with `from` renamed to `to`, in the same place (key order is what people see). */
function renameKey(object: Record<string, unknown>, from: string, to: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key === from ? to : key, value]));
}

interface KeyValueRowsProps {
  /** The object whose other keys these rows edit. */
  path: Segments;
  /** Keys the form edits elsewhere; not listed here. */
  handled: ReadonlySet<string>;
  /** Keys offered when adding (the spec's extra risk fields). */
  suggestions: readonly string[];
  noun: string;
}

/**
 * Free keys of an object as rows of key and JSON value: the spec's extra risk fields (any JSON
 * value) and whatever else a negative test needs. A value that parses as JSON is sent as that
 * value (`true`, `42`, `{"a":1}`); anything else as a string.
 */
export function KeyValueRows({ path, handled, suggestions, noun }: KeyValueRowsProps) {
  const object = useFormDocument((state) => getIn(state.document, path));
  const entries = isJsonObject(object) ? Object.entries(object).filter(([key]) => !handled.has(key)) : [];
  const used = new Set(isJsonObject(object) ? Object.keys(object) : []);
  const remaining = suggestions.filter((key) => !used.has(key));
  const [adding, setAdding] = useState('');

  const add = (key: string) => {
    const name = key.trim();
    if (name === '' || used.has(name)) return;
    edit((current) => setIn(current, [...path, name], null));
    setAdding('');
  };

  return (
    <Stack gap={6} data-testid={`rows-${findingPath(path)}`}>
      {entries.length === 0 && (
        <Text size="xs" c="dimmed">
          No {noun} yet.
        </Text>
      )}
      {entries.map(([key, value]) => (
        <KeyValueRow
          key={key}
          name={key}
          value={value}
          path={[...path, key]}
          taken={used}
          onRename={(to) =>
            edit((current) => {
              const parent = getIn(current, path);
              return isJsonObject(parent) ? setIn(current, path, renameKey(parent, key, to)) : current;
            })
          }
          onValue={(next, typed) => setField([...path, key], next, typed)}
          onRemove={() => edit((current) => setIn(current, [...path, key], undefined))}
        />
      ))}
      <Group gap="xs" align="flex-end">
        <Autocomplete
          size="xs"
          label={`Add ${noun.replace(/s$/, '')}`}
          placeholder={remaining[0] ?? 'key'}
          data={remaining}
          value={adding}
          onChange={setAdding}
          onOptionSubmit={add}
          onKeyDown={(event) => {
            if (event.key === 'Enter') add(adding);
          }}
          w={260}
          comboboxProps={{ keepMounted: false }}
          {...monoInput}
        />
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          disabled={adding.trim() === '' || used.has(adding.trim())}
          onClick={() => add(adding)}
        >
          Add
        </Button>
      </Group>
    </Stack>
  );
}

function KeyValueRow({
  name,
  value,
  path,
  taken,
  onRename,
  onValue,
  onRemove,
}: {
  name: string;
  value: unknown;
  path: Segments;
  taken: ReadonlySet<string>;
  onRename: (to: string) => void;
  /** `typed`: the text as typed, so a number goes into the raw JSON with its digits. */
  onValue: (value: unknown, typed: string) => void;
  onRemove: () => void;
}) {
  const [keyText, setKeyText] = useState(name);
  const [typed, setTyped] = useState<string | null>(null);
  // A number as the raw JSON writes it (`99999999999999999999`, not `100000000000000000000`).
  const source = useNumberSource(path, value);
  const valueText =
    typed !== null && textMatchesValue('json', typed, value) ? typed : (source ?? formatFieldValue(value));
  // A string with a line break: the one-line box would drop it from what it shows and writes.
  const lineBreak = holdsLineBreak(value);
  const clash = keyText !== name && taken.has(keyText.trim());
  const commitKey = () => {
    const to = keyText.trim();
    if (to === '' || to === name || clash) setKeyText(name);
    else onRename(to);
  };
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <TextInput
        size="xs"
        aria-label={`Key ${name}`}
        value={keyText}
        onChange={(event) => setKeyText(event.currentTarget.value)}
        onBlur={commitKey}
        error={clash ? 'Already used' : undefined}
        w={260}
        {...monoInput}
      />
      <TextInput
        size="xs"
        aria-label={`Value of ${name}`}
        data-path={findingPath(path)}
        value={lineBreak ? escapedText(value) : value === null && typed === null ? 'null' : valueText}
        readOnly={lineBreak}
        description={lineBreak ? LINE_BREAK_NOTE : undefined}
        placeholder='JSON value: true, 3, "text", null'
        onChange={(event) => {
          if (lineBreak) return;
          const text = event.currentTarget.value;
          setTyped(text);
          // An emptied value is null, not a removed key: removing is the bin's job.
          onValue(text === '' ? null : parseFieldText('json', text, value), text);
        }}
        style={{ flex: 1 }}
        {...monoInput}
      />
      <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={`Remove ${name}`} mt={2}>
        <IconTrash size={14} />
      </ActionIcon>
    </Group>
  );
}
