import { Alert, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ForwardHold } from '@shared/listener';
import { confirmLiveForward } from '@ui/confirm-live';
import { forwardHoldWords } from './listener-status-words';
import { useListenerStore } from './listener-store';
import { useFailureUntilResumed } from './use-failure-until-resumed';

/**
 * Says that the saved forward-to is held (main's live guard: it became a live profile's address
 * after it was saved), so "Forward to https://…" below is not read as webhooks going on; and
 * offers the yes it waits for, asked in the one dialog a forward-to to production is asked in.
 * Saving the form unchanged said "Nothing changed", so the yes is a button of its own.
 */
export function ForwardHoldAlert({ hold }: { hold: ForwardHold }) {
  const saveSettings = useListenerStore((state) => state.saveSettings);
  const [failure, setFailure] = useFailureUntilResumed();
  const words = forwardHoldWords(hold);

  const confirmAgain = async () => {
    setFailure(null);
    if (!(await confirmLiveForward(hold.forwardTo))) return;
    try {
      // Checked against the URL held: one changed elsewhere meanwhile is not confirmed unseen.
      await saveSettings({ forwardTo: hold.forwardTo }, { forwardTo: hold.forwardTo }, true);
      notifications.show({ color: 'green', message: `Forwarding to ${hold.forwardTo} confirmed` });
    } catch (error) {
      setFailure(error);
    }
  };

  return (
    <Alert color="red" mb="sm" title={words.title} data-testid="listener-forward-held">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{hold.reason}</Text>
        <Text size="sm" data-testid="listener-forward-held-count">
          {words.kept}
        </Text>
        <Button size="xs" color="red" variant="filled" onClick={() => void confirmAgain()}>
          Confirm forwarding to production
        </Button>
        {failure !== null && (
          <Text size="sm" c="red">
            {failure}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
