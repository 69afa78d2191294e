import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { AppLayout } from './app-layout';
import { bridgeColorSchemeManager } from '@ui/color-scheme';
import { cssVariablesResolver, theme } from './theme';

const colorSchemeManager = bridgeColorSchemeManager();

export function App() {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
    >
      <ModalsProvider>
        <Notifications position="bottom-right" />
        <AppLayout />
      </ModalsProvider>
    </MantineProvider>
  );
}
