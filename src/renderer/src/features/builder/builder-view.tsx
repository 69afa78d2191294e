import { Group, Loader, Tabs, Text } from '@mantine/core';
import { memo, useCallback, useEffect, useRef } from 'react';
import { DEFAULT_NOTIFICATION_FIELD } from '@shared/checkout';
import { useAppCommand } from '@ui/app-commands';
import { selectActiveProfile, useProfilesStore } from '@features/profiles';
import './builder-analysis';
import { useBuilderStore } from './builder-store';
import classes from './builder.module.css';
import { BuilderToolbar } from './builder-toolbar';
import { FindingsTabBody, FindingsTabLabel, FindingsTitle } from './findings-summary';
import { EmulatorNotice } from './emulator-notice';
import { ListenerNotice } from './listener-notice';
import { useFollowedEmulatorSettings } from './follow-emulator-settings';
import { FirstRunGuide } from './first-run-guide';
import { CheckoutForm } from './form/checkout-form';
import { DocumentNotices } from './document-notices';
import { ReferenceSentBefore } from './reference-sent-before';
import { RawJsonEditor } from './raw-json-editor';
import { RequestPreview } from './request-preview';
import { ResponsePanel } from './response-panel';
import { sendFromBuilder } from './send-checkout';
import { SplitHandle } from './split-handle';
import { useSendStore, type BuilderPanel } from './send-store';
import { useFocusField } from './use-focus-field';
import { loadWorkingCopy } from './working-copy';
import { WorkingCopyNotice } from './working-copy-notice';

const isPanel = (value: string | null): value is BuilderPanel =>
  value === 'findings' || value === 'request' || value === 'response';

/**
 * The checkout session builder: the structured form and the raw JSON side by side, kept in
 * step; the findings, the request as it will go and the last answer underneath; drafts, samples
 * and sending (Ctrl/Cmd+Enter) on top.
 */
export function BuilderView() {
  const loaded = useBuilderStore((state) => state.loaded);
  const workingCopy = useBuilderStore((state) => state.workingCopy);
  useEffect(() => {
    void loadWorkingCopy();
  }, []);
  if (!loaded)
    return (
      <Group>
        <Loader size="sm" />
        <Text>Opening the builder…</Text>
      </Group>
    );
  return (
    <div data-working-copy={workingCopy} className={classes.view}>
      <BuilderBody />
    </div>
  );
}

/** Everything but the working-copy mark, which changes on every edit and should re-render nothing. */
const BuilderBody = memo(function BuilderBody() {
  const setNotificationField = useBuilderStore((state) => state.setNotificationField);
  const profile = useProfilesStore((state) => selectActiveProfile(state));
  const notificationField = profile?.notificationField ?? DEFAULT_NOTIFICATION_FIELD;
  const panel = useSendStore((state) => state.panel);
  const setPanel = useSendStore((state) => state.setPanel);
  const formSide = useRef<HTMLDivElement>(null);
  const layout = useRef<HTMLDivElement>(null);
  useFocusField(formSide);
  useEffect(() => setNotificationField(notificationField), [notificationField, setNotificationField]);
  useFollowedEmulatorSettings(profile);
  const send = useCallback(() => void sendFromBuilder(profile), [profile]);
  useAppCommand('send', send);

  return (
    <>
      <FindingsTitle />
      <FirstRunGuide />
      <BuilderToolbar profile={profile} onSend={send} />
      <EmulatorNotice profile={profile} />
      <ListenerNotice profile={profile} />
      <WorkingCopyNotice />
      <DocumentNotices />
      <ReferenceSentBefore profileId={profile?.id ?? null} />
      <div className={classes.layout} ref={layout}>
        <div className={classes.formSide} ref={formSide}>
          <CheckoutForm notificationField={notificationField} />
        </div>
        <SplitHandle layout={layout} />
        <div className={classes.rawSide}>
          <div className={classes.editorFrame}>
            <RawJsonEditor />
          </div>
          <Tabs
            value={panel}
            onChange={(value) => isPanel(value) && setPanel(value)}
            className={classes.panelFrame}
            keepMounted={false}
          >
            <Tabs.List>
              <Tabs.Tab value="findings" data-testid="findings-tab">
                <FindingsTabLabel />
              </Tabs.Tab>
              <Tabs.Tab value="request">Request</Tabs.Tab>
              <Tabs.Tab value="response">Response</Tabs.Tab>
            </Tabs.List>
            <div className={classes.panelBody}>
              <Tabs.Panel value="findings" h="100%">
                <FindingsTabBody />
              </Tabs.Panel>
              <Tabs.Panel value="request">
                <RequestPreview profile={profile} />
              </Tabs.Panel>
              <Tabs.Panel value="response">
                <ResponsePanel />
              </Tabs.Panel>
            </div>
          </Tabs>
        </div>
      </div>
    </>
  );
});
