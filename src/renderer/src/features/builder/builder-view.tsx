import { Badge, Group, Loader, Tabs, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { DEFAULT_NOTIFICATION_FIELD } from '../../../../shared/checkout';
import { useAppCommand } from '../../app/app-commands';
import { selectActiveProfile, useProfilesStore } from '../profiles/profiles-store';
import { useBuilderStore } from './builder-store';
import type { ParseError } from './builder-text';
import classes from './builder.module.css';
import { BuilderToolbar } from './builder-toolbar';
import './drafts-palette-source';
import { countFindings, FindingsPanel } from './findings-panel';
import { CheckoutForm } from './form/checkout-form';
import { RawJsonEditor } from './raw-json-editor';
import { RequestPreview } from './request-preview';
import { ResponsePanel } from './response-panel';
import { sendFromBuilder } from './send-checkout';
import { useSendStore, type BuilderPanel } from './send-store';
import { useBuilderFindings } from './use-builder-findings';
import { useFocusField } from './use-focus-field';

const APP_TITLE = 'Checkout Console';
const isPanel = (value: string | null): value is BuilderPanel =>
  value === 'findings' || value === 'request' || value === 'response';

/**
 * The findings in the window's title while the builder is open: "2 errors, 1 warning —
 * Builder", or "Not JSON (line 4, column 3) — Builder" while the text does not parse.
 */
function useFindingsTitle(errors: number, warnings: number, parseError: ParseError | null): void {
  const broken =
    parseError === null ? null : `Not JSON (line ${parseError.line}, column ${parseError.column})`;
  useEffect(() => {
    const parts = [
      broken,
      errors > 0 ? `${errors} ${errors === 1 ? 'error' : 'errors'}` : null,
      warnings > 0 ? `${warnings} ${warnings === 1 ? 'warning' : 'warnings'}` : null,
    ].filter((part) => part !== null);
    document.title = `${parts.length === 0 ? 'No findings' : parts.join(', ')} — Builder — ${APP_TITLE}`;
    return () => {
      document.title = APP_TITLE;
    };
  }, [errors, warnings, broken]);
}

/**
 * The checkout session builder: the structured form and the raw JSON side by side, kept in
 * step; the findings, the request as it will go and the last answer underneath; drafts, samples
 * and sending (Ctrl/Cmd+Enter) on top.
 */
export function BuilderView() {
  const loaded = useBuilderStore((state) => state.loaded);
  const load = useBuilderStore((state) => state.load);
  const parseError = useBuilderStore((state) => state.parseError);
  const workingCopy = useBuilderStore((state) => state.workingCopy);
  const profile = useProfilesStore((state) => selectActiveProfile(state));
  const notificationField = profile?.notificationField ?? DEFAULT_NOTIFICATION_FIELD;
  const findings = useBuilderFindings(notificationField);
  const { errors, warnings } = countFindings(findings);
  const panel = useSendStore((state) => state.panel);
  const setPanel = useSendStore((state) => state.setPanel);
  const formSide = useRef<HTMLDivElement>(null);
  // Findings of the last JSON that parsed are not counted for text that does not parse.
  const counted = parseError === null ? { errors, warnings } : { errors: 0, warnings: 0 };
  useFindingsTitle(counted.errors, counted.warnings, parseError);
  useFocusField(formSide);
  useEffect(() => {
    void load();
  }, [load]);
  const send = () => void sendFromBuilder(profile, findings);
  useAppCommand('send', send);

  if (!loaded)
    return (
      <Group>
        <Loader size="sm" />
        <Text>Opening the builder…</Text>
      </Group>
    );
  return (
    <div data-working-copy={workingCopy}>
      <BuilderToolbar profile={profile} onSend={send} />
      <div className={classes.layout}>
        <div className={classes.formSide} ref={formSide}>
          <CheckoutForm findings={findings} notificationField={notificationField} />
        </div>
        <div className={classes.rawSide}>
          <div className={classes.editorFrame}>
            <RawJsonEditor findings={findings} />
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
                    color={parseError !== null || counted.errors > 0 ? 'red' : 'gray'}
                    variant={parseError === null ? 'light' : 'filled'}
                    data-testid="error-count"
                  >
                    {parseError !== null
                      ? 'not JSON'
                      : `${counted.errors} ${counted.errors === 1 ? 'error' : 'errors'}`}
                  </Badge>
                  {parseError === null && (
                    <Badge
                      size="xs"
                      color={counted.warnings > 0 ? 'orange' : 'gray'}
                      variant="light"
                      data-testid="warning-count"
                    >
                      {counted.warnings} {counted.warnings === 1 ? 'warning' : 'warnings'}
                    </Badge>
                  )}
                </Group>
              </Tabs.Tab>
              <Tabs.Tab value="request">Request</Tabs.Tab>
              <Tabs.Tab value="response">Response</Tabs.Tab>
            </Tabs.List>
            <div className={classes.panelBody}>
              <Tabs.Panel value="findings" h="100%">
                <FindingsPanel findings={findings} parseError={parseError} />
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
    </div>
  );
}
