import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import type { CommandOutput } from '@shared/contract';
import { formatCount } from '@shared/count-format';
import { countOf } from '@shared/count-words';
import { RETENTION_START, retentionSchema, type Retention } from '@shared/history-file';
import { ChoiceControl, type Choice } from '@ui/choice-control';
import { saveUnlessChangedElsewhere } from '@ui/changed-elsewhere';
import { confirmAction } from '@ui/confirm-dialog';
import { boxesToCorrect } from '@ui/boxes-to-correct';
import { TypedTextInput } from '@ui/typed-text-input';
import { blockedButton, UnavailableWithReason } from '@ui/unavailable-with-reason';
import { useWholeNumberText } from '@ui/use-typed-text';
import { rangeOfSchema } from '@ui/whole-number-text';
import { UnreadableSettingAlert } from '@ui/unreadable-setting-alert';
import { RETENTION_SETTING } from '@shared/stored-settings';
import { errorMessage } from '@bridge/bridge-error';
import {
  futureDatedWords,
  unreadableTimeWords,
  retentionDefaultWords,
  retentionPreviewWords,
  retentionRemovalWords,
} from '@shared/retention-words';
import { sameValue } from '@shared/settings-patch';
import { useHistoryStore } from './history-store';

type Mode = Retention['mode'];
type Preview = CommandOutput<'previewRetention'>;
const MODE_CHOICES: readonly Choice<Mode>[] = [
  { value: 'all', label: 'Keep everything' },
  { value: 'days', label: 'Last N days' },
  { value: 'count', label: 'Last N records' },
];
// The ranges main checks, from the schema that checks them.
const [, daysPolicy, countPolicy] = retentionSchema.options;
const DAYS_RANGE = rangeOfSchema(daysPolicy.shape.days);
const COUNT_RANGE = rangeOfSchema(countPolicy.shape.count);
/** How often, at most, what goes is read again while records arrive (see the preview's effect). */
const DETAIL_EVERY_MS = 10_000;
const policyOf = (mode: Mode, days: number, count: number): Retention =>
  mode === 'days' ? { mode, days } : mode === 'count' ? { mode, count } : { mode: 'all' };

/** Keep everything (the default), the last N days or the last N records, with the count it removes shown first. */
export function HistoryRetention({ onChanged }: { onChanged: () => void }) {
  const [mode, setMode] = useState<Mode>('all');
  const [days, setDays] = useState<number>(RETENTION_START.days);
  const [count, setCount] = useState<number>(RETENTION_START.count);
  const [previewed, setPreview] = useState<Preview | null>(null);
  // The preview shown, for the next answer of counts alone (which keeps what goes if it still holds).
  const shownPreview = useRef(previewed);
  useEffect(() => {
    shownPreview.current = previewed;
  }, [previewed]);
  const [loaded, setLoaded] = useState(false);
  // The policy as read: a save over one saved elsewhere since asks.
  const [read, setRead] = useState<Retention | undefined>(undefined);
  // What of the stored policy main could not read, said until a policy is saved (which replaces it).
  const [unreadable, setUnreadable] = useState<readonly string[]>([]);
  // A large removal takes a while (it leaves the listener its turn): the button says so meanwhile.
  const [removing, setRemoving] = useState(false);
  // The boxes keep what was typed; while the shown one reads as no number, the last number is
  // not the policy: nothing is previewed, saved or applied until it is corrected.
  const daysText = useWholeNumberText(days, DAYS_RANGE);
  const countText = useWholeNumberText(count, COUNT_RANGE);
  const invalid = boxesToCorrect([
    ['Days', mode === 'days' ? daysText.problem : null],
    ['Records', mode === 'count' ? countText.problem : null],
  ]);
  // An answer for the last number is not shown under a box that reads as none.
  const preview = invalid === null ? previewed : null;
  const shownProblem = mode === 'days' ? daysText.problem : mode === 'count' ? countText.problem : null;

  useEffect(() => {
    useHistoryStore
      .getState()
      .getRetention()
      .then(({ policy: saved, unreadable: notRead }) => {
        setUnreadable(notRead);
        setRead(saved);
        setMode(saved.mode);
        if (saved.mode === 'days') setDays(saved.days);
        if (saved.mode === 'count') setCount(saved.count);
        setLoaded(true);
      })
      .catch(() => setLoaded(true));
  }, []);
  // A policy saved elsewhere (another window, `retention` in a terminal, another console) shows
  // here while this one is not being edited; an edit in progress stays, and its Save asks.
  // Followed while rendering (React's way for state that follows a store), once per push.
  const pushed = useHistoryStore((state) => state.savedRetention);
  const [seenPush, setSeenPush] = useState(pushed);
  if (pushed !== seenPush) {
    setSeenPush(pushed);
    // Pushed when saved (here, in another window, a terminal): the stored value is replaced.
    setUnreadable([]);
    const unedited = read !== undefined && invalid === null && sameValue(policyOf(mode, days, count), read);
    if (pushed !== null && unedited && !sameValue(pushed, read)) {
      setRead(pushed);
      setMode(pushed.mode);
      if (pushed.mode === 'days') setDays(pushed.days);
      if (pushed.mode === 'count') setCount(pushed.count);
    }
  }
  // Asked again as records arrive (history-store.ts: at most once a second), as the count above is.
  // What goes reads every record that goes (about a second for 300,000), where the counts read an
  // index: it is asked with each new policy, and as records arrive only once what is shown no
  // longer matches the count, at most every DETAIL_EVERY_MS; meanwhile it is not shown.
  const arrivals = useHistoryStore((state) => state.arrivals);
  // And as records are removed elsewhere (a retention in a terminal), as the count above is.
  const removals = useHistoryStore((state) => state.removals);
  const detailed = useRef<{ policy: string; at: number; stale: boolean } | null>(null);
  // Once what is shown went stale, asked again when DETAIL_EVERY_MS is up even if nothing arrives.
  const [recheck, setRecheck] = useState(0);
  useEffect(() => {
    if (!loaded || invalid !== null) return;
    let current = true;
    const policy = policyOf(mode, days, count);
    const key = JSON.stringify(policy);
    const last = detailed.current;
    const detail =
      last === null || last.policy !== key || (last.stale && Date.now() - last.at >= DETAIL_EVERY_MS);
    useHistoryStore
      .getState()
      .previewRetention(policy, detail)
      .then((value) => {
        if (!current) return;
        const shown = shownPreview.current;
        if (value.removing !== null) detailed.current = { policy: key, at: Date.now(), stale: false };
        else if (shown !== null && shown.remove !== value.remove && detailed.current !== null)
          detailed.current.stale = true;
        // Counts alone: what goes stays shown while the count it was read with does.
        const keeps = value.removing === null && shown !== null && shown.remove === value.remove;
        setPreview(keeps ? { ...value, removing: shown.removing } : value);
        const last = detailed.current;
        if (value.removing === null && last?.stale === true)
          timer = setTimeout(() => setRecheck((n) => n + 1), last.at + DETAIL_EVERY_MS - Date.now());
      })
      .catch(() => current && setPreview(null));
    let timer: ReturnType<typeof setTimeout> | undefined;
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [loaded, mode, days, count, arrivals, removals, invalid, recheck]);

  // The count asked about is the one removed, at most: it is counted again as the dialog opens
  // (the preview on the page may be minutes old), and main refuses to remove more than it.
  const confirmRemoval = (policy: Retention, current: Preview) => {
    setPreview(current);
    if (current.remove === 0) return;
    void confirmAction({
      title: `Remove ${countOf(current.remove, 'record')}?`,
      children: (
        <Stack gap="xs">
          {current.removing !== null && <Text size="sm">{retentionRemovalWords(current.removing)}</Text>}
          <Text size="sm">
            They are deleted for good; {formatCount(current.keep)} stay. Export them first to keep a copy.
            {current.future > 0 && ` ${futureDatedWords(current.future)}`}
            {current.unreadableTime > 0 && ` ${unreadableTimeWords(current.unreadableTime)}`}
          </Text>
        </Stack>
      ),
      confirmLabel: 'Remove them',
      color: 'red',
    }).then((confirmed) => {
      if (!confirmed) return;
      const history = useHistoryStore.getState();
      setRemoving(true);
      history
        .applyRetention(policy, current.remove)
        .then((removed) => {
          // Applying saved the policy too: this window's next Save starts from it.
          setRead(policy);
          notifications.show({ message: `Removed ${removed} ${removed === 1 ? 'record' : 'records'}` });
          onChanged();
        })
        .catch((error: unknown) => notifications.show({ color: 'red', message: errorMessage(error) }))
        .then(() => history.previewRetention(policy))
        .then(setPreview)
        .catch(() => setPreview(null))
        .finally(() => setRemoving(false));
    });
  };
  const savePolicy = async () => {
    if (invalid !== null) return;
    const policy = policyOf(mode, days, count);
    try {
      const saved = await saveUnlessChangedElsewhere({
        what: 'Retention',
        labels: { policy: 'Retention policy' },
        save: (checked) =>
          useHistoryStore
            .getState()
            .saveRetention(policy, checked ? read : undefined)
            .then(() => policy),
        keepEditingHint: 'the policy stored now shows here once this one is saved or put back.',
      });
      if (saved === null) return;
      setRead(saved);
      notifications.show({ message: 'Retention saved' });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    }
  };
  const apply = () => {
    if (invalid !== null) return;
    const policy = policyOf(mode, days, count);
    useHistoryStore
      .getState()
      .previewRetention(policy)
      .then((current) => confirmRemoval(policy, current))
      .catch((error: unknown) => notifications.show({ color: 'red', message: errorMessage(error) }));
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={5}>Retention</Title>
        <UnreadableSettingAlert
          setting={RETENTION_SETTING}
          unreadable={unreadable}
          testId="unreadable-retention"
        />
        <Group gap="sm" align="flex-end">
          <ChoiceControl aria-label="Retention" data={MODE_CHOICES} value={mode} onChange={setMode} />
          {mode === 'days' && (
            <TypedTextInput
              label="Days"
              inputMode="numeric"
              field={daysText}
              onValue={setDays}
              w={120}
              problemShownBeside
            />
          )}
          {mode === 'count' && (
            <TypedTextInput
              label="Records"
              inputMode="numeric"
              field={countText}
              onValue={setCount}
              w={160}
              problemShownBeside
            />
          )}
          <UnavailableWithReason reason={invalid}>
            <Button variant="default" onClick={() => void savePolicy()} {...blockedButton(invalid)}>
              Save policy
            </Button>
          </UnavailableWithReason>
          <UnavailableWithReason reason={invalid}>
            <Button
              color="red"
              variant="light"
              disabled={invalid === null && (preview === null || preview.remove === 0)}
              loading={removing}
              onClick={apply}
              {...blockedButton(invalid)}
            >
              Apply now
            </Button>
          </UnavailableWithReason>
        </Group>
        <Text size="xs" c="dimmed" data-testid="retention-defaults">
          {retentionDefaultWords()}
        </Text>
        {/* The box's problem, under the row (under the narrow box, its words rose it above the buttons). */}
        {shownProblem !== null && (
          <Text size="sm" c="red" data-testid="retention-problem">
            {shownProblem}
          </Text>
        )}
        <Text size="sm" c="dimmed" data-testid="retention-preview">
          {preview === null ? '' : retentionPreviewWords(preview)}
        </Text>
        {preview !== null && preview.remove > 0 && preview.removing !== null && (
          // What goes, not only how many (an import of old records, every record of some orders).
          <Text size="sm" c="dimmed" data-testid="retention-removing">
            {retentionRemovalWords(preview.removing)}
          </Text>
        )}
        {preview !== null && preview.future > 0 && (
          <Text size="sm" c="orange" data-testid="retention-future">
            {futureDatedWords(preview.future)}
          </Text>
        )}
        {preview !== null && preview.unreadableTime > 0 && (
          <Text size="sm" c="orange" data-testid="retention-unreadable-time">
            {unreadableTimeWords(preview.unreadableTime)}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
