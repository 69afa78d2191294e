import { json } from '@codemirror/lang-json';
import { Alert, Button, Group, List, Stack, Switch, Text, useComputedColorScheme } from '@mantine/core';
import CodeMirror from '@uiw/react-codemirror';
import { useEffect, useState } from 'react';
import { VerdictBadge, verdictLook } from '@features/jwt';
import { replayBodyJudgement, replayBodySaying } from './replay-body-preview';
import { useReplayForm } from './replay-form-state';
import { keepEditsWords } from './replay-keep-edits';
import { formatBody, loadStoredBody, openSelection, setEditBody } from './replay-store';
import { UnavailableWithReason } from '@ui/unavailable-with-reason';

const EXTENSIONS = [json()];

/** The question a selection opening asks while the editor holds a body edited for another. */
interface KeepEditsQuestion {
  firstId: number | null;
  /** What the edited body was made for (bodyMadeForWords): `webhook #10`. */
  madeFor: string;
  answer: (keep: boolean) => void;
}

/**
 * The body a replay sends: the stored bytes, or an edited copy (the stored original never
 * changes), judged as the listener judges notifications as it is typed. The copy belongs to
 * the selection it was loaded for (`selectionKey`).
 */
export function ReplayBodyEditor({
  selectionKey,
  firstId,
  bodyProblem,
  webhooks,
}: {
  selectionKey: string;
  firstId: number | null;
  /** What main would refuse in the edited body (over 1 MiB), or null. */
  bodyProblem: string | null;
  webhooks: number | null;
}) {
  const { editBody, body, storedBody, bodyFor, bodyHeaders, bodyLocked, bodyLoadFailure, set } =
    useReplayForm();
  // Not typed into before this selection's body is in it: the body, arriving, would replace the typing.
  const ready = bodyFor === selectionKey;
  const scheme = useComputedColorScheme('light');
  // Why the last Format changed nothing, until the body is typed into again.
  const [formatRefused, setFormatRefused] = useState(false);
  const [question, setQuestion] = useState<KeepEditsQuestion | null>(null);
  useEffect(() => {
    // Its question belongs to this opening: left (another view, another filter, Back), it is withdrawn.
    const opening = new AbortController();
    // Asked beside the editor, not in a dialog: a dialog stood over a view only opened from the
    // sidebar, and every way elsewhere waited for its answer. Not answered, the edits stay the
    // selection's they were made for (openSelection), and the next opening asks again.
    const ask = (asked: number | null, withdrawn: AbortSignal, madeFor: string) =>
      new Promise<boolean>((resolve) => {
        const answer = (keep: boolean) => {
          withdrawn.removeEventListener('abort', leave);
          setQuestion(null);
          resolve(keep);
        };
        const leave = () => answer(true);
        withdrawn.addEventListener('abort', leave);
        setQuestion({ firstId: asked, madeFor, answer });
      });
    openSelection(selectionKey, firstId, ask, opening.signal).catch(() => undefined);
    return () => opening.abort();
  }, [selectionKey, firstId]);
  const asking = question === null ? null : keepEditsWords(question.madeFor, question.firstId, webhooks);
  const lock = bodyLocked !== null && bodyLocked.id === firstId ? bodyLocked : null;
  // Said from the decision a start sends by: an editor left as loaded sends each stored body.
  const saying = replayBodySaying({ editBody, body, storedBody, bodyFor }, selectionKey, firstId, webhooks);
  // Judged as the listener will judge the replay: with the headers it is sent with.
  const judgement =
    editBody && ready && saying.judged ? replayBodyJudgement({ body, bodyHeaders }, firstId) : null;
  const look =
    judgement === null
      ? null
      : verdictLook({ kind: 'body', verdict: judgement.verdict, findings: judgement.findings.length });
  return (
    <Stack gap="xs">
      {/* The why is said in full just below; the hover points there. */}
      <UnavailableWithReason
        reason={
          lock === null
            ? null
            : `Not offered: the stored body is ${lock.kind === 'withheld' ? 'withheld here' : 'not UTF-8 text'} (why, below).`
        }
      >
        <Switch
          label="Edit the body (the stored original is never changed)"
          checked={editBody && lock === null}
          disabled={lock !== null}
          onChange={(event) =>
            void setEditBody(event.currentTarget.checked, selectionKey, firstId).catch(() => undefined)
          }
        />
      </UnavailableWithReason>
      {/* Editing turned off meanwhile, the stored bodies go: nothing is left to keep or drop. */}
      {question !== null && asking !== null && editBody && (
        <Alert color="orange" p="xs" title="Keep the body you edited?" data-testid="replay-keep-edits">
          <Stack gap="xs">
            <Text size="sm">{asking.text}</Text>
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => question.answer(true)}>
                {asking.keepLabel}
              </Button>
              <Button size="xs" color="orange" onClick={() => question.answer(false)}>
                {asking.dropLabel}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {lock !== null && (
        <Alert
          color="yellow"
          p="xs"
          data-testid={lock.kind === 'withheld' ? 'replay-body-withheld' : 'replay-body-not-text'}
        >
          <Text size="sm">{lock.reason}</Text>
        </Alert>
      )}
      {editBody && lock === null && (
        <>
          {ready && saying.scope !== null && (
            <Text size="xs" c="dimmed" data-testid="replay-body-scope">
              {saying.scope}
            </Text>
          )}
          {ready ? (
            <>
              {/* The body starts as the stored bytes; laying it out changes what is sent, so only on request. */}
              <Group gap="xs">
                <Button
                  size="compact-xs"
                  variant="default"
                  onClick={() => setFormatRefused(!formatBody())}
                  title="Lay the body out on lines (the bytes sent change with it; no value does)"
                >
                  Format
                </Button>
                {formatRefused && (
                  <Text size="xs" c="dimmed" data-testid="replay-body-format-refused">
                    Left as it is: the body is not JSON, or laying it out would change a value as written
                    (1754.280, a name given twice, 1e2).
                  </Text>
                )}
              </Group>
              <div style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}>
                <CodeMirror
                  value={body}
                  onChange={(value) => {
                    setFormatRefused(false);
                    set({ body: value });
                  }}
                  extensions={EXTENSIONS}
                  theme={scheme}
                  height="220px"
                  aria-label="Replay body"
                />
              </div>
            </>
          ) : bodyLoadFailure?.key === selectionKey ? (
            <Alert color="red" p="xs" data-testid="replay-body-unreadable">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Text size="sm">{bodyLoadFailure.message}</Text>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => void loadStoredBody(firstId, selectionKey).catch(() => undefined)}
                >
                  Try again
                </Button>
              </Group>
            </Alert>
          ) : question !== null ? null : (
            <Text size="sm" c="dimmed" data-testid="replay-body-loading">
              {firstId === null
                ? 'Opening the body editor…'
                : `Loading webhook #${firstId}'s stored body into the editor…`}
            </Text>
          )}
          {bodyProblem !== null && (
            <Alert color="red" p="xs" data-testid="replay-body-too-large">
              <Text size="sm">{bodyProblem} Replay waits until it is shorter.</Text>
            </Alert>
          )}
          {judgement !== null && look !== null && (
            <Alert color={look.good ? 'teal' : 'orange'} p="xs" data-testid="replay-body-verdict">
              {/* The verdict in the words and colours of every other view of a body (verdictLook). */}
              <Group gap={6}>
                <Text size="sm">The listener would call this body</Text>
                <VerdictBadge kind="body" verdict={judgement.verdict} findings={judgement.findings.length} />
                {judgement.eventType !== null && <Text size="sm">({judgement.eventType})</Text>}
              </Group>
              {judgement.findings.length > 0 && (
                <List size="xs" mt={4}>
                  {judgement.findings.map((finding, index) => (
                    <List.Item key={`${finding.path}:${index}`}>
                      {finding.severity}: {finding.path === '' ? '' : `${finding.path}: `}
                      {finding.message}
                    </List.Item>
                  ))}
                </List>
              )}
            </Alert>
          )}
        </>
      )}
    </Stack>
  );
}
