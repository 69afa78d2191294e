import { List, Stack, Text } from '@mantine/core';
import { confirmAction } from '@ui/confirm-dialog';
import { whileViewShown } from '@ui/navigation';
import { freshOrderReferenceId, type Finding } from '@shared/checkout';
import { setIn } from '@shared/builder/document-edit';
import type { ProfileView } from '@shared/profile';
import { callNeedsLiveYes, confirmLiveCall, liveConfirmationOf } from '@ui/confirm-live';
import { builderCalls } from './builder-calls-store';
import { whenAnalysed } from './builder-analysis';
import { useBuilderStore } from './builder-store';
import { isJsonObject } from './builder-text';
import { useFollowedOrder } from './followed-order';
import { profileReadyToSend } from './profile-gate';
import { flushRawEdits } from './raw-editor-sync';
import { failedWith, LIVE_CONFIRMATION_CANCELLED, sendFailureOf } from './send-failure';
import { useSendStore } from './send-store';
import { sendBlockedWords } from './send-blocked';
import { awaitsWorkingCopyChoice } from './working-copy-offer';

const SHOWN_ERRORS = 6;

/** Asks before a payload with errors (or text that is not JSON) goes out; resolves true for "Send anyway". */
function confirmSendAnyway(
  errors: readonly Finding[],
  parseMessage: string | null,
  withdrawn: AbortSignal,
): Promise<boolean> {
  return confirmAction({
    withdrawn,
    title:
      parseMessage === null
        ? `Send with ${errors.length} ${errors.length === 1 ? 'error' : 'errors'}?`
        : 'Send text that is not JSON?',
    children: (
      <Stack gap="xs">
        {parseMessage === null ? (
          <>
            <Text size="sm">
              The service should refuse this payload. Sending it anyway is how negative tests are done; the
              exchange is marked in history as sent with errors.
            </Text>
            <List size="sm" spacing={2}>
              {errors.slice(0, SHOWN_ERRORS).map((finding, index) => (
                <List.Item key={`${finding.path}:${index}`}>
                  <Text span ff="monospace" size="sm">
                    {finding.path}
                  </Text>
                  : {finding.message}
                </List.Item>
              ))}
            </List>
            {errors.length > SHOWN_ERRORS && (
              <Text size="xs" c="dimmed">
                and {errors.length - SHOWN_ERRORS} more.
              </Text>
            )}
          </>
        ) : (
          <Text size="sm">
            The raw JSON does not parse ({parseMessage}). It will be sent exactly as typed, to see how the
            service answers a malformed body.
          </Text>
        )}
      </Stack>
    ),
    confirmLabel: 'Send anyway',
    cancelLabel: 'Back to editing',
    color: 'orange',
  });
}

/** A send being decided or made: set before the first question, cleared when it is over. */
let deciding = false;

/**
 * Sends the builder's payload to the active profile: "Send anyway" for errors, the live
 * confirmation, a fresh order_reference_id when asked (written back, so what is shown is what
 * went), the raw text as typed when it does not parse. Cancellable while in flight.
 */
export async function sendFromBuilder(profile: ProfileView | null): Promise<void> {
  // One send at a time, from the first click on: while "Send anyway" (or the live confirmation)
  // was asked, Send or Ctrl+Enter again asked again, and each answer sent its own order.
  if (deciding || useSendStore.getState().requestKey !== null) return;
  deciding = true;
  // Its questions belong to the Builder: left under one (Ctrl/Cmd+K, a shortcut, Back), the
  // question is withdrawn as a no, never left over the Timeline asking for a send from elsewhere.
  const { left, release } = whileViewShown();
  try {
    await decideAndSend(profile, left);
  } finally {
    release();
    deciding = false;
  }
}

async function decideAndSend(profile: ProfileView | null, left: AbortSignal): Promise<void> {
  const blocked = sendBlockedWords(profile, awaitsWorkingCopyChoice());
  if (profile === null || blocked !== null) {
    useSendStore.setState({ error: blocked === null ? null : failedWith(blocked), panel: 'response' });
    return;
  }
  if (!(await profileReadyToSend(profile, left))) return;
  // What was typed a moment ago goes too, judged before anything is decided.
  flushRawEdits();
  useBuilderStore.getState().revealAllErrors();
  await whenAnalysed();
  const builder = useBuilderStore.getState();
  const errors = builder.findings.filter((finding) => finding.severity === 'error');
  const parseMessage =
    builder.parseError === null
      ? null
      : `line ${builder.parseError.line}, column ${builder.parseError.column}: ${builder.parseError.message}`;
  if ((errors.length > 0 || parseMessage !== null) && !(await confirmSendAnyway(errors, parseMessage, left)))
    return;
  if (
    !(await confirmLiveCall(
      profile,
      'Creating a checkout session',
      profile.liveAddress,
      profile.baseUrl,
      left,
    ))
  ) {
    // Said as what happened: the last answer left in view stood for this send, or "Nothing sent yet".
    useSendStore.setState({ error: LIVE_CONFIRMATION_CANCELLED, needsSetup: null, panel: 'response' });
    return;
  }

  let body: { kind: 'json'; payload: unknown; sourceText: string } | { kind: 'raw'; text: string };
  if (builder.parseError !== null) body = { kind: 'raw', text: builder.text };
  else {
    let payload = builder.document;
    if (builder.freshReferenceOnSend && isJsonObject(payload)) {
      payload = setIn(payload, ['order_reference_id'], freshOrderReferenceId());
      builder.setDocument(payload);
    }
    // The raw editor's text goes as it reads, as `send` sends a file: written out again from the
    // document, a number's digits (100.00) and a name given twice (which the findings warn of)
    // were not what the service was sent, nor what main judged.
    body = { kind: 'json', payload, sourceText: useBuilderStore.getState().text };
  }
  const requestKey = crypto.randomUUID();
  useSendStore.setState({
    requestKey,
    error: null,
    needsSetup: null,
    result: null,
    restored: null,
    restoredUnanswered: null,
    sentWithErrors: errors.length,
    sentRaw: body.kind === 'raw',
    panel: 'response',
  });
  // Saved with the working copy: should this page close before the answer, the next one says so.
  useBuilderStore.setState({ unansweredSend: { profileName: profile.name, at: new Date().toISOString() } });
  try {
    const result = await builderCalls.sendCheckout({
      profileId: profile.id,
      body,
      injectNotificationUrl: builder.injectNotificationUrl,
      form: builder.form,
      singleCheckout: builder.singleCheckout,
      confirmLive: callNeedsLiveYes(profile),
      // What the dialog named, from the same view: an address or token changed since is refused.
      ...(callNeedsLiveYes(profile) ? { liveConfirmation: liveConfirmationOf(profile) } : {}),
      requestKey,
    });
    useSendStore.setState({ result });
    const followed =
      result.checkout === null
        ? useBuilderStore.getState().followedOrder
        : {
            orderId: result.checkout.order_id,
            checkoutUrl: result.checkout.checkout_url,
            profileName: profile.name,
          };
    if (result.checkout !== null && followed !== null) useFollowedOrder.getState().follow(followed);
    // Kept with the working copy: a reload still says where this answer is and follows its order.
    useBuilderStore.setState({
      lastSend: {
        recordId: result.eventId,
        profileName: profile.name,
        at: new Date().toISOString(),
        status: result.status,
        orderId: result.checkout?.order_id ?? null,
        // A checkout_url that held the token is kept masked: no page to open after a reload.
        checkoutUrl: result.checkoutUrlHoldsToken === true ? null : (result.checkout?.checkout_url ?? null),
      },
      followedOrder: followed,
      // What was sent is in History now: replaced without asking while it reads so. The text sent,
      // not the text now: what was typed while the answer was awaited was sent nowhere.
      replaceableText: body.kind === 'raw' ? body.text : body.sourceText,
    });
  } catch (error) {
    useSendStore.setState({ error: sendFailureOf(error) });
  } finally {
    useSendStore.setState({ requestKey: null });
    useBuilderStore.setState({ unansweredSend: null });
  }
}

export function cancelSend(): void {
  const { requestKey } = useSendStore.getState();
  if (requestKey !== null) void builderCalls.cancelExchange(requestKey);
}
