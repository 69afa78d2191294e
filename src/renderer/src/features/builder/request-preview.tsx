import { Alert, Badge, Code, Group, Stack, Switch, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import type { NotificationPlan, PlannedRequest } from '@shared/merchant-api';
import type { ProfileView } from '@shared/profile';
import { builderCalls } from './builder-calls-store';
import { errorMessage } from '@bridge/bridge-error';
import { useBuilderStore } from './builder-store';

interface Preview {
  request: PlannedRequest;
  notification: NotificationPlan;
}

/**
 * The create-checkout request exactly as it will go to the active profile (the token masked by
 * main), and what happens to the notification URL: filled with the listener's, or not, and why.
 */
export function RequestPreview({ profile }: { profile: ProfileView | null }) {
  const text = useBuilderStore((state) => state.text);
  const parses = useBuilderStore((state) => state.parseError === null);
  const document = useBuilderStore((state) => state.document);
  const inject = useBuilderStore((state) => state.injectNotificationUrl);
  const setInject = useBuilderStore((state) => state.setInjectNotificationUrl);
  const form = useBuilderStore((state) => state.form);
  const singleCheckout = useBuilderStore((state) => state.singleCheckout);
  const [debounced] = useDebouncedValue({ text, parses, document }, 250);
  const [preview, setPreview] = useState<{ key: string; value: Preview | null; error: string | null } | null>(
    null,
  );
  const profileId = profile?.id;
  const key = JSON.stringify([profileId, inject, debounced.text, form, singleCheckout]);

  useEffect(() => {
    if (profileId === undefined) return;
    let current = true;
    // The text as Send sends it (send-checkout.tsx): the preview is what will go.
    const body = debounced.parses
      ? { kind: 'json' as const, payload: debounced.document, sourceText: debounced.text }
      : { kind: 'raw' as const, text: debounced.text };
    builderCalls
      .prepareCheckout({ profileId, body, injectNotificationUrl: inject, form, singleCheckout })
      .then((value) => current && setPreview({ key, value, error: null }))
      .catch((error: unknown) => current && setPreview({ key, value: null, error: errorMessage(error) }));
    return () => {
      current = false;
    };
  }, [profileId, inject, debounced, key, form, singleCheckout]);

  if (profile === null) return <Text p="sm">No active profile: add one under Profiles.</Text>;
  const value = preview?.value ?? null;
  return (
    <Stack gap="sm" p="sm" data-testid="request-preview">
      <Switch
        label="Fill an empty notification field with this console's listener URL"
        checked={inject}
        onChange={(event) => setInject(event.currentTarget.checked)}
      />
      {preview?.error != null && <Alert color="red">{preview.error}</Alert>}
      {value !== null && (
        <>
          <Alert color={value.notification.injected ? 'blue' : 'gray'} p="xs" data-testid="notification-plan">
            <Text size="sm">
              <Text span ff="monospace" size="sm">
                {value.notification.path}
              </Text>
              : {value.notification.url ?? 'nothing'} — {value.notification.reason}
            </Text>
          </Alert>
          <Group gap="xs">
            <Badge variant="light">{value.request.method}</Badge>
            <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
              {value.request.url}
            </Text>
          </Group>
          <Table withTableBorder fz="xs" verticalSpacing={2}>
            <Table.Tbody>
              {value.request.headers.map(([name, headerValue]) => (
                <Table.Tr key={name}>
                  <Table.Td w={160} ff="monospace">
                    {name}
                  </Table.Td>
                  <Table.Td ff="monospace">{headerValue}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Code block style={{ maxHeight: 320, overflow: 'auto' }}>
            {value.request.body ?? ''}
          </Code>
        </>
      )}
    </Stack>
  );
}
