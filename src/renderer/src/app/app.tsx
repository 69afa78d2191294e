import { getDefaultZIndex, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { liveEventToasts } from '@ui/live-event-toasts';
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
        <Notifications
          store={liveEventToasts}
          position="bottom-right"
          zIndex={getDefaultZIndex('modal') - 1}
        />
        <AppLayout />
      </ModalsProvider>
    </MantineProvider>
  );
}
