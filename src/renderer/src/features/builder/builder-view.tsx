import { Badge, Group, Loader, Tabs, Text } from '@mantine/core';
import { memo, useCallback, useEffect, useRef } from 'react';
import { DEFAULT_NOTIFICATION_FIELD, type Finding } from '../../../../shared/checkout';
import { useAppCommand } from '../../app/app-commands';
import { selectActiveProfile, useProfilesStore } from '../profiles/profiles-store';
import './builder-analysis';
import { useBuilderStore } from './builder-store';
import classes from './builder.module.css';
import { BuilderToolbar } from './builder-toolbar';
import './drafts-palette-source';
import { countFindings, FindingsPanel } from './findings-panel';
import { EmulatorNotice } from './emulator-notice';
import { FirstRunGuide } from './first-run-guide';
import { CheckoutForm } from './form/checkout-form';
import { DocumentNotices, LISTED_FINDINGS } from './document-notices';
import { RawJsonEditor } from './raw-json-editor';
import { RequestPreview } from './request-preview';
import { ResponsePanel } from './response-panel';
import { sendFromBuilder } from './send-checkout';
import { useSendStore, type BuilderPanel } from './send-store';
import { useFocusField } from './use-focus-field';
import { loadWorkingCopy } from './working-copy';

const APP_TITLE = 'Checkout Console';
const isPanel = (value: string | null): value is BuilderPanel =>
  value === 'findings' || value === 'request' || value === 'response';

/** The findings in the window's title while the builder is open: "2 errors, 1 warning — Builder". */
function useFindingsTitle(errors: number, warnings: number): void {
  useEffect(() => {
    const parts = [
      errors > 0 ? `${errors} ${errors === 1 ? 'error' : 'errors'}` : null,
      warnings > 0 ? `${warnings} ${warnings === 1 ? 'warning' : 'warnings'}` : null,
    ].filter((part) => part !== null);
    document.title = `${parts.length === 0 ? 'No findings' : parts.join(', ')} — Builder — ${APP_TITLE}`;
    return () => {
      document.title = APP_TITLE;
    };
  }, [errors, warnings]);
}

/** While the worker checks the document: a spinner on the tab (and a state the benchmark reads). */
function AnalysisStatus() {
  const analysing = useBuilderStore((state) => state.analysing);
  return (
    <span data-testid="analysis-status" data-state={analysing ? 'pending' : 'current'}>
      {analysing && <Loader size={10} aria-label="Checking the document" />}
    </span>
  );
}

/** The findings list renders again only when the findings do (not on every keystroke elsewhere). */
const ListedFindings = memo(function ListedFindings({
  findings,
  stale,
}: {
  findings: readonly Finding[];
  stale: boolean;
}) {
  return (
    <FindingsPanel
      findings={findings.length > LISTED_FINDINGS ? findings.slice(0, LISTED_FINDINGS) : findings}
      stale={stale}
    />
  );
});

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
    <div data-working-copy={workingCopy}>
      <BuilderBody />
    </div>
  );
}

/** Everything but the working-copy mark, which changes on every edit and should re-render nothing. */
const BuilderBody = memo(function BuilderBody() {
  const stale = useBuilderStore((state) => state.parseError !== null);
  const findings = useBuilderStore((state) => state.findings);
  const setNotificationField = useBuilderStore((state) => state.setNotificationField);
  const profile = useProfilesStore((state) => selectActiveProfile(state));
  const notificationField = profile?.notificationField ?? DEFAULT_NOTIFICATION_FIELD;
  const { errors, warnings } = countFindings(findings);
  const panel = useSendStore((state) => state.panel);
  const setPanel = useSendStore((state) => state.setPanel);
  const formSide = useRef<HTMLDivElement>(null);
  useFindingsTitle(errors, warnings);
  useFocusField(formSide);
  useEffect(() => setNotificationField(notificationField), [notificationField, setNotificationField]);
  const send = useCallback(() => void sendFromBuilder(profile), [profile]);
  useAppCommand('send', send);

  return (
    <>
      <FirstRunGuide />
      <BuilderToolbar profile={profile} onSend={send} />
      <EmulatorNotice profile={profile} />
      <DocumentNotices />
      <div className={classes.layout}>
        <div className={classes.formSide} ref={formSide}>
          <CheckoutForm notificationField={notificationField} />
        </div>
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
                <Group gap={6} wrap="nowrap">
                  Findings
                  <Badge
                    size="xs"
                    color={errors > 0 ? 'red' : 'gray'}
                    variant="light"
                    data-testid="error-count"
                  >
                    {errors} {errors === 1 ? 'error' : 'errors'}
                  </Badge>
                  <Badge
                    size="xs"
                    color={warnings > 0 ? 'orange' : 'gray'}
                    variant="light"
                    data-testid="warning-count"
                  >
                    {warnings} {warnings === 1 ? 'warning' : 'warnings'}
                  </Badge>
                  <AnalysisStatus />
                </Group>
              </Tabs.Tab>
              <Tabs.Tab value="request">Request</Tabs.Tab>
              <Tabs.Tab value="response">Response</Tabs.Tab>
            </Tabs.List>
            <div className={classes.panelBody}>
              <Tabs.Panel value="findings" h="100%">
                {findings.length > LISTED_FINDINGS && (
                  <Text size="xs" c="dimmed" px="sm" py={4} data-testid="findings-listed">
                    The first {LISTED_FINDINGS.toLocaleString('en')} of {findings.length.toLocaleString('en')}{' '}
                    findings; the counts and the raw JSON's marks cover more.
                  </Text>
                )}
                <ListedFindings findings={findings} stale={stale} />
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
