import { Alert, Button, Code, Group, List, Modal, Stack, Switch, Text } from '@mantine/core';
import { timelineRecords } from '../timeline-records-store';
import { useClipboard, useDisclosure } from '@mantine/hooks';
import { IconCheck, IconCopy, IconTerminal2 } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { CurlCopy } from '@shared/contract/timeline';
import { buildCurlCommand, CurlCannotReproduce, type CurlCommand } from '@shared/curl';
import { useConsoleCommand } from '@ui/use-console-command';
import type { TimelineDetail } from '@shared/events';
import { blockedButton, UnavailableWithReason } from '@ui/unavailable-with-reason';
import { InfoNotice } from '@ui/info-notice';
import { frontDoorHint } from '@bridge';
import { errorMessage } from '@bridge/bridge-error';
import classes from '../timeline.module.css';
import { withheldActionReason } from './withheld-notice';

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

/** The command that prints the record's cURL command with its token, on this console's data directory. */
const useCliCommand = (id: number) => useConsoleCommand()(`curl ${id} --with-token`);

/** The command to run in a terminal for the command with the API token, said once, with its Copy. */
function CliRoute({ id }: { id: number }) {
  const cli = useCliCommand(id);
  return (
    <Stack gap={6} data-testid="curl-cli-route">
      <Code block>{cli}</Code>
      <CopyTextButton text={cli} label="Copy the CLI command" />
    </Stack>
  );
}

/**
 * Browser mode: the API token never reaches a browser tab (main refuses it over the WebSocket),
 * so the only route is the CLI on the machine that runs the console. Said at once, instead of
 * offering a copy that can only fail.
 */
function ApiTokenInTerminal({ id }: { id: number }) {
  return (
    <Stack gap="sm" data-testid="curl-token-cli">
      <Text size="sm">
        The API token is a profile secret: it stays in the console process and never reaches a browser tab, so
        this tab cannot copy the command with it. In a terminal on the machine that runs the console, this
        prints it with the profile&apos;s current token:
      </Text>
      <CliRoute id={id} />
    </Stack>
  );
}

/**
 * Desktop: the API token of an outbound request never reaches this window either; main builds
 * the command and puts it on the clipboard itself.
 */
function CopyWithApiToken({ id }: { id: number }) {
  const [outcome, setOutcome] = useState<CurlCopy | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cli = useCliCommand(id);
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
            {/* Main's refusal already names the CLI command; only its Copy is added. */}
            <Text size="sm">Not copied: {failure}</Text>
            <CopyTextButton text={cli} label="Copy the CLI command" />
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

/** What the switch does, in the state it is in: what is redacted when off, where the token comes from when on. */
function switchDescription(isRequest: boolean, withToken: boolean): string {
  if (!isRequest)
    return withToken
      ? 'On: the notification token as it arrived, wherever it was sent.'
      : 'Off: ?serviceToken= and Authorization: Bearer are REDACTED.';
  if (!withToken) return 'Off: Authorization: Bearer REDACTED.';
  return frontDoorHint === 'browser'
    ? 'On: the command with the API token comes from the CLI (below), not from this tab.'
    : "On: Authorization: Bearer with the profile's current API token, copied by the console process.";
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
  // Built from a withheld part, the command would send nothing where the record had a body.
  const withheld = withheldActionReason(detail);
  const consoleCommand = useConsoleCommand();
  const unavailable =
    withheld === null
      ? null
      : `${withheld} In a terminal, ${consoleCommand(`curl ${detail.id}`)} prints it with those parts left out or REDACTED, saying so.`;
  const [tokenAsked, setTokenAsked] = useState(false);
  const isRequest = detail.kind === 'request';
  let built: CurlCommand | null = null;
  let problem: string | null = null;
  // A refusal its token would not lift (an absolute-form target) leaves the switch nothing to offer.
  let tokenChangesNothing = false;
  if (opened) {
    try {
      built = buildCurlCommand(detail, { tokens: 'redacted' }, consoleCommand);
    } catch (error) {
      // The window's own way out: it has no terminal to run the message's command in.
      problem = error instanceof CurlCannotReproduce ? error.inWindow : errorMessage(error);
      tokenChangesNothing = error instanceof CurlCannotReproduce && error.whateverTheToken;
    }
  }
  const withToken = tokenAsked && !tokenChangesNothing;
  if (withToken) built = null;
  return (
    <>
      <UnavailableWithReason reason={unavailable}>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconTerminal2 size={14} />}
          onClick={() => {
            if (unavailable === null) open();
          }}
          {...blockedButton(unavailable)}
        >
          Copy as cURL
        </Button>
      </UnavailableWithReason>
      <Modal opened={opened} onClose={close} title={`Record #${detail.id} as cURL`} size="xl">
        <Stack gap="sm">
          {!tokenChangesNothing && (
            <Switch
              label={isRequest ? 'Include the API token' : 'Include the notification token (as it arrived)'}
              description={switchDescription(isRequest, withToken)}
              checked={withToken}
              onChange={(event) => setTokenAsked(event.currentTarget.checked)}
            />
          )}
          {isRequest &&
            withToken &&
            (frontDoorHint === 'browser' ? (
              <ApiTokenInTerminal id={detail.id} />
            ) : (
              <CopyWithApiToken id={detail.id} />
            ))}
          {!isRequest && withToken && <CommandWithNotificationToken id={detail.id} />}
          {/* Why curl cannot send it and what does: guidance, drawn as the app's notes are. */}
          {problem !== null && !withToken && (
            <InfoNotice data-testid="curl-cannot-reproduce">{problem}</InfoNotice>
          )}
          {built !== null && <CommandBlock built={built} />}
        </Stack>
      </Modal>
    </>
  );
}
