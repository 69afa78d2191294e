import { Alert, Button, Checkbox, Group, List, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconDeviceFloppy, IconFileCode } from '@tabler/icons-react';
import { useState } from 'react';
import { frontDoorHint } from '@bridge';
import { errorMessage } from '@bridge/bridge-error';
import type { ScenarioFileProblemView } from '@shared/contract/scenarios';
import { formatProblem, problemCountWords } from '@shared/scenarios/scenario-file-problems';
import { escapeUnsafe } from '@shared/terminal-unsafe';
import { confirmDiscardChanges } from '@ui/confirm-discard';
import { useUnsentWork } from '@ui/leave-guard';
import {
  DEFAULT_SCENARIOS_FOLDER,
  saveScenarioFile,
  scenarioFromOrder,
  useScenariosStore,
} from './scenarios-store';

interface Draft {
  text: string;
  path: string;
}

const join = (folder: string, file: string) => `${folder.replace(/[\\/]+$/, '')}/${file}`;

/**
 * "Save as scenario" for an order: its lifecycle as the console saw it, as a scenario file to
 * read, edit and save next to the other scenarios (in browser mode, on the server's disk).
 */
export function SaveAsScenarioButton({ orderId }: { orderId: string }) {
  // The folder last opened in Scenarios only if it is a suite that loaded: it was even /usr.
  const folder = useScenariosStore((s) =>
    s.loadedFolder !== null && s.rows.length > 0 && s.problems.length === 0
      ? s.loadedFolder
      : DEFAULT_SCENARIOS_FOLDER,
  );
  const [draft, setDraft] = useState<Draft | null>(null);
  const [overwrite, setOverwrite] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Why the text would not load, as `test` says it; saving it then is a choice of its own.
  const [problems, setProblems] = useState<ScenarioFileProblemView[]>([]);
  const [saveInvalid, setSaveInvalid] = useState(false);
  // The text as made or last saved: typed changes beyond it are lost with the dialog. A reload or
  // a closed tab lost them without a word; now it asks first, as leaving the view does (the one
  // owner of that question, leave-guard.tsx).
  const [kept, setKept] = useState<string | null>(null);
  const edited = draft !== null && draft.text !== kept;
  useUnsentWork(edited ? 'the scenario being saved' : null, 'saved');
  // The dialog's own ways out (Close, ×, Escape, a click outside) dropped the edits unasked, as a
  // closed tab did; they ask too, and a no leaves the dialog open with its text. The text as made
  // or last saved closes at once.
  const close = async () => {
    if (
      edited &&
      !(await confirmDiscardChanges(
        <Text size="sm">
          The scenario&apos;s text has changes that are not saved. Closing the dialog loses them.
        </Text>,
        'Discard and close',
      ))
    )
      return;
    setDraft(null);
  };

  const start = async () => {
    setError(null);
    setSaved(null);
    setProblems([]);
    setSaveInvalid(false);
    try {
      const made = await scenarioFromOrder(orderId);
      setDraft({ text: made.text, path: join(folder, made.fileName) });
      setKept(made.text);
    } catch (failure) {
      setError(errorMessage(failure));
      setDraft({ text: '', path: '' });
      setKept('');
    }
  };
  const save = async () => {
    if (draft === null) return;
    setBusy(true);
    setError(null);
    setSaved(null);
    // Said of this text only: a refusal (the file exists, a .txt name) listed an earlier text's
    // problems beside its own words, with "Save it anyway" for a text that loads.
    setProblems([]);
    try {
      const written = await saveScenarioFile({ path: draft.path, text: draft.text, overwrite, saveInvalid });
      setProblems(written.problems);
      setSaved(written.path);
      setKept(draft.text);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconFileCode size={14} />}
        onClick={() => void start()}
      >
        Save as scenario
      </Button>
      <Modal opened={draft !== null} onClose={() => void close()} title="Save as scenario" size="xl">
        {draft !== null && (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              The order&apos;s lifecycle as the console saw it: each call with the status and state it led to,
              each notification with its verdicts. Edit it freely; it runs with Scenarios or{' '}
              <Text span ff="monospace" size="sm">
                checkout-console test
              </Text>
              .
            </Text>
            <Textarea
              label="Scenario (YAML)"
              value={draft.text}
              onChange={(event) => {
                setDraft({ ...draft, text: event.currentTarget.value });
                setSaveInvalid(false);
              }}
              autosize
              minRows={12}
              maxRows={22}
              ff="monospace"
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
              data-testid="scenario-yaml"
            />
            <TextInput
              label="File"
              description={`${
                frontDoorHint === 'browser' ? 'A path on the machine that runs the console; a' : 'A'
              } relative path is from where the console was started.`}
              value={draft.path}
              onChange={(event) => setDraft({ ...draft, path: event.currentTarget.value })}
              ff="monospace"
            />
            <Checkbox
              label="Overwrite the file if it exists"
              checked={overwrite}
              onChange={(event) => setOverwrite(event.currentTarget.checked)}
            />
            {error !== null && <Alert color="red">{error}</Alert>}
            {problems.length > 0 && (
              <Alert
                color="orange"
                data-testid="scenario-save-problems"
                title={`This scenario would not load (${problemCountWords(problems)}): \`test\` and Run all refuse a folder with it`}
              >
                <List size="sm">
                  {problems.map((problem, index) => (
                    <List.Item key={index} ff="monospace">
                      {escapeUnsafe(formatProblem(problem))}
                    </List.Item>
                  ))}
                </List>
                {saved === null && (
                  <Checkbox
                    mt="xs"
                    label="Save it anyway; it runs once these are fixed"
                    checked={saveInvalid}
                    onChange={(event) => setSaveInvalid(event.currentTarget.checked)}
                  />
                )}
              </Alert>
            )}
            {saved !== null && (
              <Alert color={problems.length > 0 ? 'orange' : 'teal'} data-testid="scenario-saved">
                {problems.length > 0
                  ? `Saved to ${saved}, with the problems above: its folder runs nothing until they are fixed.`
                  : `Saved to ${saved}. Open its folder in Scenarios to run it.`}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => void close()}>
                Close
              </Button>
              <Button
                leftSection={<IconDeviceFloppy size={16} />}
                loading={busy}
                onClick={() => void save()}
                disabled={draft.text === ''}
              >
                Save
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
