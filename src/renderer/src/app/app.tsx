import { getDefaultZIndex, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { liveEventToasts } from '@ui/live-event-toasts';
import { useTopmostDialogEscape } from '@ui/topmost-dialog-escape';
import { AppLayout } from './app-layout';
import { bridgeColorSchemeManager } from '@ui/color-scheme';
import { cssVariablesResolver, theme } from './theme';

const colorSchemeManager = bridgeColorSchemeManager();

export function App() {
  useTopmostDialogEscape();
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
    >
      <ModalsProvider>
        {/* The answers to clicks, and (in their own corner: two stacks in one corner slid over
            each other) what arrived on its own, beneath dialogs (live-event-toasts.ts). */}
        <Notifications position="bottom-right" />
        <Notifications
          store={liveEventToasts}
          position="bottom-left"
          zIndex={getDefaultZIndex('modal') - 1}
        />
        <AppLayout />
      </ModalsProvider>
    </MantineProvider>
  );
}
