import { getDefaultZIndex, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { LIVE_EVENT_TOAST_WIDTH, LIVE_EVENT_TOASTS_AT_ONCE, liveEventToasts } from '@ui/live-event-toasts';
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
            each other) what arrived on its own, beneath dialogs (live-event-toasts.ts). The
            webhooks' corner is the bottom right: every view keeps its working controls at the top
            and down the left (a Replay of 3 stacked its toasts over the Replay button, the plan
            and the results there, t74), and no more than two stand at once. */}
        <Notifications position="bottom-left" />
        <Notifications
          store={liveEventToasts}
          position="bottom-right"
          limit={LIVE_EVENT_TOASTS_AT_ONCE}
          containerWidth={LIVE_EVENT_TOAST_WIDTH}
          zIndex={getDefaultZIndex('modal') - 1}
        />
        <AppLayout />
      </ModalsProvider>
    </MantineProvider>
  );
}
