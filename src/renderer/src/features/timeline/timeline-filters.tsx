import {
  Autocomplete,
  Button,
  Group,
  Kbd,
  MultiSelect,
  Pill,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { appCommandShortcut } from '@shared/app-commands';
import {
  isEmptyFilter,
  SEARCH_TEXT_MAX,
  searchWordsLeftOut,
  verdictFilter,
  type EventFilter,
} from '@shared/event-filter';
import { BODY_VERDICTS, EVENT_KINDS, TOKEN_VERDICTS, eventKindSchema } from '@shared/events';
import { ORDER_EVENT_TYPES } from '@shared/orders/order-states';
import { useAppCommand } from '@ui/app-commands';
import { formatDateTime } from '@ui/instant-format';
import { timeBoundWords } from '@shared/event-filter-parts';
import { runFilterWords } from '@shared/scenarios/run-number';
import { monoInput } from '@ui/mono-input';
import { shortcutLabel } from '@ui/platform';
import { ProfileFilterSelect } from '@features/profiles';
import { useRunExists } from './use-run-exists';
import { readStatusWords, STATUS_SUGGESTIONS, useRefusedStatusWords } from './use-status-filter-words';

/** Typing is written to the URL (and searched) once the typist pauses, not on every key. */
export const FILTER_TYPING_DELAY_MS = 300;

/** A text field bound to the URL through a debounce, following the URL when it changes elsewhere. */
function useDebouncedText(external: string, commit: (value: string) => void) {
  const [text, setText] = useState(external);
  const [seen, setSeen] = useState(external);
  if (external !== seen) {
    setSeen(external);
    setText(external);
  }
  const debounced = useDebouncedCallback(commit, FILTER_TYPING_DELAY_MS);
  return [
    text,
    (value: string) => {
      setText(value);
      debounced(value);
    },
  ] as const;
}

function without(filter: EventFilter, key: keyof EventFilter): EventFilter {
  const { [key]: _removed, ...rest } = filter;
  return rest;
}

/** A change to the filter, applied to the filter in the URL when it runs (debounced fields run late). */
export type FilterUpdate = (current: EventFilter) => EventFilter;

/** Narrows what else is applied (from a link) into removable pills: related, ids, imported, run, time. */
function ExtraFilters({
  filter,
  onChange,
}: {
  filter: EventFilter;
  onChange: (update: FilterUpdate) => void;
}) {
  const runExists = useRunExists(filter.scenarioRun);
  const pills: { key: keyof EventFilter; label: string; problem?: boolean }[] = [];
  if (filter.relatedId !== undefined)
    pills.push({ key: 'relatedId', label: `related to #${filter.relatedId}` });
  if (filter.ids !== undefined) pills.push({ key: 'ids', label: `${filter.ids.length} chosen records` });
  if (filter.imported !== undefined)
    pills.push({ key: 'imported', label: filter.imported ? 'imported only' : 'not imported' });
  if (filter.scenarioRun !== undefined) {
    // A run that is not stored is said as the CLI refuses it, not as an empty list of its rows.
    const run = runFilterWords(filter.scenarioRun, runExists);
    pills.push({ key: 'scenarioRun', label: run.words, problem: run.missing });
  }
  // Written as the rows are, in the window's zone, not as the link's UTC text.
  if (filter.from !== undefined)
    pills.push({ key: 'from', label: timeBoundWords('from', filter.from, formatDateTime) });
  if (filter.to !== undefined)
    pills.push({ key: 'to', label: timeBoundWords('to', filter.to, formatDateTime) });
  if (pills.length === 0) return null;
  return (
    <Group gap={6} data-testid="extra-filters">
      <Text size="xs" c="dimmed">
        Also:
      </Text>
      {pills.map((pill) => (
        <Pill
          key={pill.key}
          c={pill.problem === true ? 'red' : undefined}
          data-problem={pill.problem === true ? 'true' : undefined}
          withRemoveButton
          removeButtonProps={{ 'aria-label': `Remove filter: ${pill.label}` }}
          onRemove={() => onChange((current) => without(current, pill.key))}
        >
          {pill.label}
        </Pill>
      ))}
    </Group>
  );
}

/** The filter bar: every field writes the URL, so the view can be reloaded and shared as a link. */
export function TimelineFilters({
  filter,
  onChange,
  searchName = 'Search the timeline',
}: {
  filter: EventFilter;
  onChange: (update: FilterUpdate) => void;
  /**
   * The search box's accessible name, which says what it searches: the bar is History's too,
   * where a screen reader announced "Search the timeline" as Ctrl/Cmd+L focused it.
   */
  searchName?: string;
}) {
  const searchRef = useRef<HTMLInputElement>(null);
  useAppCommand('focus-timeline-filter', () => {
    searchRef.current?.focus();
    searchRef.current?.select();
  });
  const refusedStatuses = useRefusedStatusWords(filter.statuses);

  const patch = (key: keyof EventFilter, value: EventFilter[keyof EventFilter] | undefined) => {
    const empty = value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
    onChange((current) => (empty ? without(current, key) : { ...without(current, key), [key]: value }));
  };
  const [text, setText] = useDebouncedText(filter.text ?? '', (value) =>
    patch('text', value.trim() === '' ? undefined : value),
  );
  const [orderId, setOrderId] = useDebouncedText(filter.orderId ?? '', (value) =>
    patch('orderId', value.trim() || undefined),
  );
  const [eventType, setEventType] = useDebouncedText(filter.eventType ?? '', (value) =>
    patch('eventType', value.trim() || undefined),
  );

  const verdicts = [...(filter.tokenVerdicts ?? []), ...(filter.bodyVerdicts ?? [])];
  const setVerdicts = (words: string[]) => {
    const tokens = words.flatMap((word) => verdictFilter(word)?.tokenVerdicts ?? []);
    const bodies = words.flatMap((word) => verdictFilter(word)?.bodyVerdicts ?? []);
    onChange((current) => ({
      ...without(without(current, 'tokenVerdicts'), 'bodyVerdicts'),
      ...(tokens.length > 0 ? { tokenVerdicts: tokens } : {}),
      ...(bodies.length > 0 ? { bodyVerdicts: bodies } : {}),
    }));
  };
  const setStatuses = (words: string[]) => {
    const { applied, refused } = readStatusWords(words);
    refusedStatuses.say(refused, applied);
    patch('statuses', applied);
  };
  const shortcut = appCommandShortcut('focus-timeline-filter');
  // The words the index cannot match, said where the search is typed: left out in silence, a
  // search for "🎉" read as "nothing matches" beside a body that holds it.
  const leftOut = filter.text === undefined ? null : searchWordsLeftOut(filter.text);

  return (
    <>
      <Group gap="xs" align="flex-end" wrap="wrap" data-testid="timeline-filters">
        <TextInput
          ref={searchRef}
          label="Search"
          aria-label={searchName}
          placeholder="ids, paths, bodies…"
          leftSection={<IconSearch size={14} />}
          rightSection={shortcut === null ? null : <Kbd size="xs">{shortcutLabel(shortcut)}</Kbd>}
          rightSectionWidth={shortcut === null ? undefined : 64}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          // Longer text was refused whole and the filter dropped: every record listed under it.
          maxLength={SEARCH_TEXT_MAX}
          // Marked here, said below the filters: a message under the box pushed the row out of line.
          error={text.length >= SEARCH_TEXT_MAX}
          w={260}
          size="xs"
        />
        <MultiSelect
          label="Kind"
          placeholder={filter.kinds === undefined ? 'any' : undefined}
          data={[...EVENT_KINDS]}
          value={filter.kinds ?? []}
          onChange={(values) =>
            patch(
              'kinds',
              values.flatMap((value) => eventKindSchema.safeParse(value).data ?? []),
            )
          }
          clearable
          size="xs"
          w={200}
        />
        <MultiSelect
          label="Verdict"
          placeholder={verdicts.length === 0 ? 'any' : undefined}
          data={[
            { group: 'Token', items: [...TOKEN_VERDICTS] },
            { group: 'Body', items: [...BODY_VERDICTS] },
          ]}
          value={verdicts}
          onChange={setVerdicts}
          searchable
          clearable
          size="xs"
          w={220}
        />
        <TagsInput
          label="Status"
          placeholder={(filter.statuses ?? []).length === 0 ? '4xx, 401, none…' : undefined}
          data={STATUS_SUGGESTIONS}
          value={(filter.statuses ?? []).map(String)}
          onChange={setStatuses}
          error={refusedStatuses.said}
          clearable
          acceptValueOnBlur
          size="xs"
          w={180}
        />
        <TextInput
          label="Order id"
          value={orderId}
          onChange={(event) => setOrderId(event.currentTarget.value)}
          size="xs"
          w={200}
          {...monoInput}
        />
        <Autocomplete
          label="Event type"
          data={[...ORDER_EVENT_TYPES]}
          value={eventType}
          onChange={setEventType}
          size="xs"
          w={170}
        />
        <ProfileFilterSelect
          placeholder="any"
          title="This profile's records, and imported records that carry its name"
          value={filter.profileId ?? null}
          onChange={(profileId) => patch('profileId', profileId ?? undefined)}
          w={140}
        />
        {!isEmptyFilter(filter) && (
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconFilterOff size={14} />}
            onClick={() => {
              refusedStatuses.say(null, []);
              onChange(() => ({}));
            }}
          >
            Clear filters
          </Button>
        )}
        <ExtraFilters filter={filter} onChange={onChange} />
      </Group>
      {text.length >= SEARCH_TEXT_MAX && (
        <Text size="xs" c="red.7" data-testid="search-limit">
          The search is at most 500 characters: it searches what the box shows.
        </Text>
      )}
      {leftOut !== null && (
        <Text size="xs" c="orange.8" data-testid="search-left-out">
          {leftOut}
        </Text>
      )}
    </>
  );
}
