import { json } from '@codemirror/lang-json';
import { Alert, List, Stack, Switch, Text, useComputedColorScheme } from '@mantine/core';
import CodeMirror from '@uiw/react-codemirror';
import { useEffect } from 'react';
import { judgeWebhookBody } from '@shared/webhook/judge-webhook-body';
import { useReplayForm } from './replay-form-state';
import { checkStoredBody, loadStoredBody } from './replay-store';
import { UnavailableWithReason } from '@ui/unavailable-with-reason';

const EXTENSIONS = [json()];

/**
 * The body a replay sends: the stored bytes, or an edited copy (the stored original never
 * changes), judged as the listener judges notifications as it is typed.
 */
export function ReplayBodyEditor({ firstId, webhooks }: { firstId: number | null; webhooks: number | null }) {
  const { editBody, body, bodyLocked, set } = useReplayForm();
  const scheme = useComputedColorScheme('light');
  useEffect(() => {
    if (firstId !== null) checkStoredBody(firstId).catch(() => undefined);
  }, [firstId]);
  useEffect(() => {
    if (!editBody || body !== '' || firstId === null) return;
    loadStoredBody(firstId).catch(() => undefined);
  }, [editBody, body, firstId]);
  const lock = bodyLocked !== null && bodyLocked.id === firstId ? bodyLocked : null;
  const judgement = editBody ? judgeWebhookBody(new TextEncoder().encode(body), false) : null;
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
          onChange={(event) => set({ editBody: event.currentTarget.checked, body: '' })}
        />
      </UnavailableWithReason>
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
          {webhooks !== null && webhooks > 1 && (
            <Text size="xs" c="dimmed" data-testid="replay-body-scope">
              This one body goes out in place of each of the {webhooks} webhooks&apos; own
              {firstId === null ? '.' : "; it starts as the first one's."}
            </Text>
          )}
          <div style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}>
            <CodeMirror
              value={body}
              onChange={(value) => set({ body: value })}
              extensions={EXTENSIONS}
              theme={scheme}
              height="220px"
              aria-label="Replay body"
            />
          </div>
          {judgement !== null && (
            <Alert
              color={judgement.findings.some((finding) => finding.severity === 'error') ? 'orange' : 'teal'}
              p="xs"
              data-testid="replay-body-verdict"
            >
              <Text size="sm">
                The listener would call this body <b>{judgement.verdict}</b>
                {judgement.eventType === null ? '' : ` (${judgement.eventType})`}.
              </Text>
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
