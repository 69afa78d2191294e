import { Alert, Button, Code, Group, List, Modal, Stack, Switch, Text } from '@mantine/core';
import { timelineRecords } from '../timeline-records-store';
import { useClipboard, useDisclosure } from '@mantine/hooks';
import { IconCheck, IconCopy, IconTerminal2 } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { CurlCopy } from '@shared/contract/timeline';
import { buildCurlCommand, type CurlCommand } from '@shared/curl';
import type { TimelineDetail } from '@shared/events';
import { errorMessage } from '@bridge/bridge-error';
import classes from '../timeline.module.css';

function CopyTextButton({ text, label }: { text: string; label: string }) {
  const clipboard = useClipboard({ timeout: 2000 });
  return (
    <Stack gap={4} align="flex-start">
      <Button
        size="xs"
        leftSection={clipboard.copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
        color={clipboard.copied ? 'teal' : undefined}
        onClick={() => clipboard.copy(text)}
      >
        {clipboard.copied ? 'Copied' : label}
      </Button>
      {clipboard.error !== null && (
        <Text size="xs" c="red">
          The browser did not allow copying ({clipboard.error.message}); select the command and copy it by
          hand.
        </Text>
      )}
    </Stack>
  );
}

function Notes({ notes }: { notes: readonly string[] }) {
  if (notes.length === 0) return null;
  return (
    <List size="xs" spacing={2} data-testid="curl-notes">
      {notes.map((note) => (
        <List.Item key={note}>{note}</List.Item>
      ))}
    </List>
  );
}

/**
 * The API token of an outbound request never reaches this window: main builds that command
 * and, in the desktop app, puts it on the clipboard itself; a browser tab is pointed to the CLI.
 */
function CopyWithApiToken({ id }: { id: number }) {
  const [outcome, setOutcome] = useState<CurlCopy | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cli = `npx checkout-console curl ${id} --with-token`;
  const copy = () => {
    setBusy(true);
    timelineRecords
      .copyAsCurl({ id, withToken: true })
      .then(
        (answer) => {
          setOutcome(answer);
          setFailure(null);
        },
        (error: unknown) => setFailure(errorMessage(error)),
      )
      .finally(() => setBusy(false));
  };
  return (
    <Stack gap="sm">
      <Text size="sm">
        The API token is a profile secret: it stays in the console process and is never shown here. The
        console process builds this command with the profile&apos;s current token and copies it for you.
      </Text>
      <Button size="xs" onClick={copy} loading={busy} w="fit-content" leftSection={<IconCopy size={14} />}>
        Copy with the API token
      </Button>
      {outcome?.copied === true && (
        <Alert color="teal" p="xs" data-testid="curl-copied-by-main">
          Copied to the clipboard by the console process. It contains the API token: paste it only where that
          is safe.
          <Notes notes={outcome.notes} />
        </Alert>
      )}
      {failure !== null && (
        <Alert color="orange" p="xs" data-testid="curl-token-refused">
          <Stack gap={6}>
            <Text size="sm">{failure}</Text>
            <Code block>{cli}</Code>
            <CopyTextButton text={cli} label="Copy the CLI command" />
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

/** A command, its notes and its Copy button. */
function CommandBlock({ built }: { built: Pick<CurlCommand, 'command' | 'notes'> }) {
  return (
    <>
      <Code block className={classes.bodyBlock} data-testid="curl-command">
        {built.command}
      </Code>
      <Notes notes={built.notes} />
      <Group>
        <CopyTextButton text={built.command} label="Copy" />
      </Group>
    </>
  );
}

/**
 * The window holds a record's tokens masked (secrets masked on every screen), so the command
 * with the notification token that arrived is asked of main, an explicit ask like Reveal.
 */
function CommandWithNotificationToken({ id }: { id: number }) {
  const [built, setBuilt] = useState<{ command: string; notes: string[] } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    timelineRecords
      .copyAsCurl({ id, withToken: true })
      .then((answer) => current && setBuilt({ command: answer.command ?? '', notes: answer.notes }))
      .catch((error: unknown) => current && setFailure(errorMessage(error)));
    return () => {
      current = false;
    };
  }, [id]);
  if (failure !== null) return <Alert color="red">{failure}</Alert>;
  return built === null ? null : <CommandBlock built={built} />;
}

/** "Copy as cURL" for the record in the detail pane; tokens redacted unless asked for. */
export function CopyCurlButton({ detail }: { detail: TimelineDetail }) {
  const [opened, { open, close }] = useDisclosure(false);
  const [withToken, setWithToken] = useState(false);
  const isRequest = detail.kind === 'request';
  let built: CurlCommand | null = null;
  let problem: string | null = null;
  if (opened && !withToken) {
    try {
      built = buildCurlCommand(detail, { tokens: 'redacted' });
    } catch (error) {
      problem = errorMessage(error);
    }
  }
  return (
    <>
      <Button size="xs" variant="default" leftSection={<IconTerminal2 size={14} />} onClick={open}>
        Copy as cURL
      </Button>
      <Modal opened={opened} onClose={close} title={`Record #${detail.id} as cURL`} size="xl">
        <Stack gap="sm">
          <Switch
            label={isRequest ? 'Include the API token' : 'Include the notification token (as it arrived)'}
            description={
              isRequest
                ? 'Off: Authorization: Bearer REDACTED.'
                : 'Off: ?serviceToken= and Authorization: Bearer are REDACTED.'
            }
            checked={withToken}
            onChange={(event) => setWithToken(event.currentTarget.checked)}
          />
          {isRequest && withToken && <CopyWithApiToken id={detail.id} />}
          {!isRequest && withToken && <CommandWithNotificationToken id={detail.id} />}
          {problem !== null && <Alert color="red">{problem}</Alert>}
          {built !== null && <CommandBlock built={built} />}
        </Stack>
      </Modal>
    </>
  );
}
