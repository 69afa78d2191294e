import { Card, Stack, Text, Title } from '@mantine/core';
import type { ColorSchemePreference } from '@shared/preferences';
import { ChoiceControl, type Choice } from '@ui/choice-control';
import { setColorSchemePreference } from '@ui/color-scheme';
import { usePreferencesStore } from '@ui/preferences-store';

const OPTIONS: readonly Choice<ColorSchemePreference>[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** Theme: follow the OS (the default), or always light or dark. Remembered by main for every front door. */
export function AppearanceSettings() {
  const colorScheme = usePreferencesStore((state) => state.preferences?.colorScheme ?? 'system');
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Title order={4} id="appearance-heading">
          Appearance
        </Title>
        <ChoiceControl
          aria-labelledby="appearance-heading"
          w="fit-content"
          data={OPTIONS}
          value={colorScheme}
          onChange={(choice) => void setColorSchemePreference(choice)}
        />
        <Text size="xs" c="dimmed">
          “System” (the default) follows your operating system’s light or dark setting. The desktop app and
          browser mode share this choice.
        </Text>
      </Stack>
    </Card>
  );
}
