import { Card, Stack, Switch, Text, Title } from '@mantine/core';
import { usePreferencesStore } from '@ui/preferences-store';

/**
 * The builder's first-run guide, shown again after its × (whose tooltip promises this place):
 * without it a guide closed by mistake was gone for good.
 */
export function FirstRunSettings() {
  const shown = usePreferencesStore((state) => state.preferences?.firstRunGuide === 'show');
  const update = usePreferencesStore((state) => state.update);
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Title order={4}>First-run guide</Title>
        <Switch
          label="Show the first-run guide in the Builder"
          checked={shown}
          onChange={(event) => void update({ firstRunGuide: event.currentTarget.checked ? 'show' : 'done' })}
        />
        <Text size="xs" c="dimmed">
          The way through one order above the builder: a request → Send to Local → Pay → Authorise → Capture.
        </Text>
      </Stack>
    </Card>
  );
}
