import { Card, Stack, Switch, Text, Title } from '@mantine/core';
import { DEFAULT_PREFERENCES } from '@shared/preferences';
import { usePreferencesStore } from '@ui/preferences-store';

const GUIDE_DEFAULT = DEFAULT_PREFERENCES.firstRunGuide === 'show' ? 'on' : 'off';

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
          Shown until its × or this switch hides it (default {GUIDE_DEFAULT}).
        </Text>
      </Stack>
    </Card>
  );
}
