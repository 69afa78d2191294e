import { Alert, Button, Group, JsonInput, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import type { ExchangeResult } from '@shared/merchant-api';
import type { OrderLifecycle } from '@shared/orders/order-lifecycle';
import { importedProfileWords } from '@shared/orders/order-known-from';
import { liveAddressReachedBy } from '@shared/live-address';
import { HTTP_METHODS } from '@shared/profile';
import { currencyDefaultedWords } from '@shared/operation-bodies';
import { useAppCommand } from '@ui/app-commands';
import { confirmAction } from '@ui/confirm-dialog';
import { callNeedsLiveYes, confirmLiveCall, liveConfirmationOf } from '@ui/confirm-live';
import { confirmDiscardChanges } from '@ui/confirm-discard';
import { useUnsentWork } from '@ui/leave-guard';
import { monoInput } from '@ui/mono-input';
import { errorMessage, failureTitle } from '@bridge/bridge-error';
import { EmulatorNotice } from '@features/builder';
import { selectActiveProfile, useProfilesStore } from '@features/profiles';
import { amountNotProposedWords, missingAmountProblem } from './amount-to-type';
import { ExchangeAnswer } from './exchange-answer';
import {
  editedHeaders,
  headerNameProblem,
  OperationHeaders,
  profileTokenOfPlan,
  rowsOfPlan,
  type HeaderRow,
} from './operation-headers';
import { initialOperationProfileId } from './operation-profile';
import { cancelExchange, prepareOperation, sendOperation } from './orders-store';
import { OPERATION_LABEL } from '@ui/order-format';
import type { OperationRequest } from './operation-request';

type Method = (typeof HTTP_METHODS)[number];
const isMethod = (value: string | null): value is Method =>
  value !== null && (HTTP_METHODS as readonly string[]).includes(value);

/** The editable parts of the request as one text, to tell whether they were edited. */
function requestText(method: string, url: string, body: string, headers: HeaderRow[]): string {
  return JSON.stringify([method, url, body, editedHeaders(headers)]);
}

/**
 * The request editor of one follow-up operation: prepared from the profile's template (token
 * masked), every part editable, sent with the live confirmation, cancellable in flight, and
 * the answer shown structured.
 */
export function OperationEditor({
  request,
  lifecycle,
  onClose,
}: {
  request: OperationRequest;
  lifecycle: OrderLifecycle;
  onClose: () => void;
}) {
  const profiles = useProfilesStore((state) => state.profiles);
  const active = useProfilesStore((state) => selectActiveProfile(state));
  const [profileId, setProfileId] = useState<number | null>(() =>
    initialOperationProfileId(lifecycle, profiles, active?.id ?? null),
  );
  const [method, setMethod] = useState<Method>('POST');
  const [url, setUrl] = useState('');
  const [body, setBody] = useState('');
  const [headers, setHeaders] = useState<HeaderRow[]>([]);
  /** The request as last prepared or sent: anything else is unsent work, kept from a silent leave. */
  const [settled, setSettled] = useState<string | null>(null);
  const [profileToken, setProfileToken] = useState<string | null>(null);
  /** How many times this editor sent its request: a second send asks first. */
  const [sent, setSent] = useState(0);
  const [prepareError, setPrepareError] = useState<string | null>(null);
  const [requestKey, setRequestKey] = useState<string | null>(null);
  const [result, setResult] = useState<ExchangeResult | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  /** The keyboard's send (Ctrl+Enter) sent nothing: why is said while it still holds. */
  const [refused, setRefused] = useState(false);
  const { operation } = request;
  const orderId = lifecycle.orderId;
  /**
   * The request is being prepared by main: its fields wait. Typed into before the plan came, a
   * body was then written over by it (under load, a body typed at once was lost), and a Send
   * read an empty URL.
   */
  const plan = useMemo(
    () => ({ request, operation, profileId, orderId }),
    [request, operation, profileId, orderId],
  );
  const [preparedFor, setPreparedFor] = useState<typeof plan | null>(null);
  const preparing = preparedFor !== plan;
  const profile = profiles.find((candidate) => candidate.id === profileId) ?? null;
  // No total known (an order known only from notifications or imports): said, and typed by hand.
  const notProposed = amountNotProposedWords(operation, request.values.amount, lifecycle.facts.totalUnknown);
  // No currency known either: the body's SAR is the spec's default, said as such beside it.
  const currencyDefaulted = currencyDefaultedWords(operation, request.values.currency);

  useEffect(() => {
    const { profileId, operation, orderId, request } = plan;
    if (profileId === null) return;
    // An answer for a profile no longer picked is dropped: the newer one fills the fields.
    let current = true;
    prepareOperation({ profileId, operation, orderId, ...request.values })
      .then((planned) => {
        if (!current) return;
        setMethod(planned.method);
        setUrl(planned.url);
        setBody(planned.body ?? '');
        const rows = rowsOfPlan(planned.headers);
        setHeaders(rows);
        setSettled(requestText(planned.method, planned.url, planned.body ?? '', rows));
        setProfileToken(profileTokenOfPlan(planned.headers));
        setPrepareError(null);
      })
      .catch((error: unknown) => current && setPrepareError(errorMessage(error)))
      .finally(() => current && setPreparedFor(plan));
    return () => {
      current = false;
    };
  }, [plan]);

  async function send() {
    if (profile === null) return;
    const label = `${OPERATION_LABEL[operation]} of order ${orderId}`;
    // Where the URL as typed goes: another host typed in may be a live profile's address.
    const reached = liveAddressReachedBy(url, profiles);
    const live = callNeedsLiveYes(profile, reached);
    // Never a silent double send: once sent, sending again is asked for (live included).
    const confirmed =
      sent > 0
        ? await confirmAction({
            title: `Send ${OPERATION_LABEL[operation].toLowerCase()} again?`,
            children: (
              <Text size="sm">
                {label} was already sent {sent === 1 ? 'once' : `${sent} times`} from this editor; the answer
                is below.
                {live
                  ? ` It goes to ${url}, the LIVE profile "${reached?.profileName ?? profile.name}": real orders and real money.`
                  : ''}
              </Text>
            ),
            confirmLabel: 'Send again',
            color: live ? 'red' : 'orange',
          })
        : await confirmLiveCall(profile, label, reached, url);
    if (!confirmed) return;
    const key = crypto.randomUUID();
    setRequestKey(key);
    setSendError(null);
    setResult(null);
    try {
      const answer = await sendOperation({
        profileId: profile.id,
        operation,
        orderId,
        method,
        url,
        body: body.trim() === '' ? null : body,
        headers: editedHeaders(headers),
        confirmLive: live,
        ...(live ? { liveConfirmation: liveConfirmationOf(profile) } : {}),
        requestKey: key,
      });
      setResult(answer);
      setSent((count) => count + 1);
      setSettled(requestText(method, url, body, headers));
    } catch (error) {
      setSendError(errorMessage(error));
    } finally {
      setRequestKey(null);
    }
  }

  const sending = requestKey !== null;
  // What keeps Send disabled, in words: the keyboard's send says it rather than nothing.
  const notSendable =
    profile === null
      ? 'pick the profile to send with first.'
      : preparing
        ? 'the request is being prepared.'
        : prepareError !== null
          ? 'the request could not be prepared (see above).'
          : url.trim() === ''
            ? 'the URL is empty.'
            : headers.some((row) => headerNameProblem(row.name) !== null)
              ? 'a header name is not valid (see Headers).'
              : null;
  // Not a disabled button: a click says which field is missing (here and on the Body).
  const amountMissing = notProposed === null ? null : missingAmountProblem(operation, body);
  const refusedBy = notSendable ?? amountMissing;
  const trySend = () => {
    if (sending) return;
    if (refusedBy !== null) {
      setRefused(true);
      return;
    }
    setRefused(false);
    void send();
  };
  // Ctrl+Enter sends as the button does; without this the app-wide fallback said "Open the
  // builder to send" over an editor with its own Send button.
  useAppCommand('send', trySend);
  const edited = settled !== null && requestText(method, url, body, headers) !== settled;
  useUnsentWork(edited ? `the ${OPERATION_LABEL[operation].toLowerCase()} editor` : null);
  // Edits not sent go with the editor: asked first, as a closed tab asks (its Close, × and
  // Escape closed it at once, the edits gone).
  const close = async () => {
    if (
      edited &&
      !(await confirmDiscardChanges(
        <Text size="sm">
          The request in this editor has changes that were not sent. Closing the editor loses them.
        </Text>,
        'Discard and close',
      ))
    )
      return;
    onClose();
  };
  return (
    <Modal
      opened
      onClose={() => void close()}
      size="xl"
      title={`${OPERATION_LABEL[operation]} — ${lifecycle.facts.referenceId ?? orderId}`}
      styles={{ title: { overflowWrap: 'anywhere', minWidth: 0 } }}
    >
      <Stack gap="sm">
        {request.outOfOrder !== null && (
          <Alert color="orange" title="Out of order, on purpose" data-testid="out-of-order-warning">
            {request.outOfOrder} The request is sent anyway: this is how wrong-state calls are tested.
          </Alert>
        )}
        {notProposed !== null && (
          <Alert color="blue" title="No amount proposed" data-testid="amount-not-proposed">
            {notProposed}
          </Alert>
        )}
        {lifecycle.knownFrom === 'import' && profile === null && (
          <Alert color="blue" title="Pick the profile to send with" data-testid="imported-profile-note">
            This order is known only from imported records.{' '}
            {importedProfileWords(lifecycle.facts.profileName)}
          </Alert>
        )}
        <Select
          label="Profile"
          placeholder="Pick a profile"
          data={profiles.map((candidate) => ({
            value: String(candidate.id),
            label: `${candidate.name} · ${candidate.environment}`,
          }))}
          value={profileId === null ? null : String(profileId)}
          onChange={(value) => {
            if (value === null) return;
            setResult(null);
            setSendError(null);
            setRefused(false);
            setSent(0);
            setProfileId(Number(value));
          }}
          allowDeselect={false}
        />
        {/* A stopped emulator is said before a send finds nothing there, with its Start (as in the builder). */}
        <EmulatorNotice profile={profile} />
        {/* Nothing is prepared before a profile is picked: no empty URL or "no headers" warning. */}
        {profile !== null && (
          <>
            {prepareError !== null && <Alert color="red">{prepareError}</Alert>}
            <Group align="flex-end" wrap="nowrap" gap="xs">
              <Select
                label="Method"
                data={[...HTTP_METHODS]}
                value={method}
                onChange={(value) => isMethod(value) && setMethod(value)}
                allowDeselect={false}
                disabled={preparing}
                w={110}
              />
              <TextInput
                label="URL"
                value={url}
                onChange={(event) => setUrl(event.currentTarget.value)}
                disabled={preparing}
                style={{ flex: 1 }}
                {...monoInput}
              />
            </Group>
            <OperationHeaders
              rows={headers}
              profileToken={profileToken}
              onChange={setHeaders}
              disabled={sending || preparing}
            />
            {currencyDefaulted !== null && (
              <Alert color="blue" title="Currency not known" data-testid="currency-not-known">
                {currencyDefaulted}; change it if the order is in another currency.
              </Alert>
            )}
            <JsonInput
              label="Body"
              description="Empty sends no body. Anything typed is sent as typed, valid JSON or not."
              value={body}
              onChange={setBody}
              disabled={preparing}
              validationError="Not valid JSON (it will still be sent as typed)"
              error={refused && amountMissing !== null ? amountMissing : undefined}
              autosize
              minRows={3}
              maxRows={14}
              {...monoInput}
            />
          </>
        )}
        {/* Beside Send, where the click was: below it, the line was out of view at 1280×800. */}
        <Group justify="flex-end">
          {refused && refusedBy !== null && (
            <Text size="sm" c="orange" style={{ flex: 1 }} data-testid="send-refused">
              Nothing was sent: {refusedBy}
            </Text>
          )}
          {sending ? (
            <Button
              color="red"
              variant="light"
              onClick={() => requestKey !== null && void cancelExchange(requestKey)}
            >
              Cancel request
            </Button>
          ) : (
            <Button variant="default" onClick={() => void close()}>
              Close
            </Button>
          )}
          <Button
            onClick={trySend}
            loading={sending}
            disabled={notSendable !== null}
            color={
              profile !== null && callNeedsLiveYes(profile, liveAddressReachedBy(url, profiles))
                ? 'red'
                : undefined
            }
          >
            {sent > 0 ? 'Send again' : `Send ${OPERATION_LABEL[operation].toLowerCase()}`}
          </Button>
        </Group>
        {sendError !== null && (
          <Alert color="red" title={failureTitle(sendError)}>
            {sendError}
          </Alert>
        )}
        {result !== null && <ExchangeAnswer result={result} />}
      </Stack>
    </Modal>
  );
}
