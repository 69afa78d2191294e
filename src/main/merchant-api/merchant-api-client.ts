import {
  DEFAULT_TIMEOUT_MS,
  type ExchangeResult,
  type NotificationPlan,
  type PlannedRequest,
} from '../../shared/merchant-api';
import { defaultOperationBody, operationBodyText, fillPathTemplate } from '../../shared/operation-bodies';
import type { CheckoutForm } from '../../shared/checkout';
import type { OperationName } from '../../shared/profile';
import { assertLiveConfirmationStands } from '../profiles/live-confirmation-stands';
import { assertLiveConfirmed } from '../profiles/live-guard';
import { assertRealBaseUrl } from './placeholder-guard';
import type { StoredProfile } from '../store/profiles-repository';
import { recordedExchange } from '../outbound/recorded-exchange';
import {
  joinServiceUrl,
  prepareCreateCheckout,
  prepareFollowUp,
  type CheckoutBody,
  type PreparedRequest,
} from './request-planner';
import { maskWith, redactText, redactUrl, usableSecrets } from '../../shared/secrets/redact-secrets';
import { redactExchange } from '../../shared/secrets/redact-exchange';
import { toBodyView } from '../store/events-repository';
import { jsonOfBody } from '../../shared/json-body';
import { preSendVerdict } from './pre-send-verdict';
import type { ClientDependencies, MerchantApiClient, SendOptions } from './merchant-api-client-types';
import { readAnswer, type AnswerRead } from './read-answer';
import { followUpOrder } from './follow-up-order';

export type { ClientDependencies, MerchantApiClient } from './merchant-api-client-types';

const ACTION_LABEL: Record<OperationName | 'createCheckout', string> = {
  createCheckout: 'Creating a checkout session',
  authorise: 'Authorising the order',
  capture: 'Capturing the order',
  getOrder: 'Getting the order',
  cancel: 'Cancelling the order',
  refund: 'Refunding the order',
  updateReferenceId: "Updating the order's reference id",
};

function referenceOf(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const value = (payload as Record<string, unknown>)['order_reference_id'];
  return typeof value === 'string' ? value : null;
}

/**
 * The console's client for the service: every call goes to the chosen (or active) profile,
 * passes the live guard, is recorded on the timeline before it leaves and completed when it
 * returns, and comes back as one structured result (answer, service error, or network failure).
 */
export function createMerchantApiClient(deps: ClientDependencies): MerchantApiClient {
  const inFlight = new Map<string, AbortController>();

  const profileFor = (id: number | undefined): StoredProfile =>
    id === undefined ? deps.profiles.active() : deps.profiles.get(id);

  const shownSecrets = () => usableSecrets(deps.profiles.secretsHere().secrets);
  /**
   * A request's plan as a window or a terminal is shown it (the builder's preview, the answer's
   * Request tab, `send --json`): its body masked as every screen masks a body (a notification
   * URL's password and serviceToken, a JWT, a profile secret); what is sent is the body as given.
   */
  const shownRequest = (plan: PlannedRequest, secrets = shownSecrets()): PlannedRequest =>
    plan.body === null ? plan : { ...plan, body: redactText(plan.body, secrets, maskWith) };

  async function exchange(
    profile: StoredProfile,
    request: PreparedRequest,
    options: SendOptions,
    record: {
      orderId: string | null;
      orderReferenceId: string | null;
      details: Record<string, unknown>;
      /** The order the answer shows the call concerns, when it shows one (followUpOrder). */
      orderOfAnswer?: (json: unknown) => string | null;
    },
  ): Promise<ExchangeResult> {
    // A profile not set up sends nothing, confirmed or not: that is said first, so a live one is
    // not first asked for --yes-live only to be told then that nothing could be sent.
    assertRealBaseUrl(profile);
    assertLiveConfirmed(profile, options.confirmLive, ACTION_LABEL[request.plan.operation], {
      url: request.plan.url,
      profiles: deps.profiles.snapshot().profiles,
    });
    assertLiveConfirmationStands(profile, options.liveConfirmation);
    // Registered before anything is awaited, so a cancel right after the send finds it.
    const controller = new AbortController();
    if (options.requestKey !== undefined) inFlight.set(options.requestKey, controller);
    const apiToken = deps.profiles.secretsOf(profile.id).apiToken;
    const read: { answer?: AnswerRead } = {};
    const sent = await recordedExchange({
      recorder: deps.recorder,
      request: {
        method: request.plan.method,
        url: request.plan.url,
        headers: request.headers,
        body: request.body,
        timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        signal: controller.signal,
      },
      recordedHeaders: request.plan.headers,
      record: {
        kind: 'request',
        profileId: profile.id,
        profileName: profile.fields.name,
        orderId: record.orderId,
        orderReferenceId: record.orderReferenceId,
        details: { operation: request.plan.operation, ...options.recordDetails, ...record.details },
      },
      complete: (outcome) => {
        const answer = readAnswer(outcome, request.plan.operation, apiToken);
        read.answer = answer;
        return {
          responseHeaders: answer.scrubbed.headers,
          responseBody: answer.scrubbed.body,
          orderId: answer.checkout?.order_id ?? record.orderOfAnswer?.(answer.json) ?? record.orderId,
          details: {
            ...(answer.serviceError === null ? {} : { serviceError: answer.serviceError }),
            ...(answer.problems.length === 0 ? {} : { answerProblems: answer.problems }),
          },
        };
      },
    }).finally(() => {
      if (options.requestKey !== undefined) inFlight.delete(options.requestKey);
    });
    const { outcome } = sent;
    const { scrubbed, serviceError, checkout, checkoutUrlHoldsToken, problems } =
      read.answer ?? readAnswer(outcome, request.plan.operation, apiToken);
    // The window sees the answer as every screen does: secrets masked, by meaning.
    const shown = redactExchange(
      {
        url: request.plan.url,
        query: null,
        requestHeaders: request.plan.headers,
        responseHeaders: scrubbed.headers,
        requestBody: null,
        responseBody: toBodyView(scrubbed.body),
      },
      maskWith,
    ).exchange;
    const shownBody =
      shown.responseBody?.text ?? (scrubbed.body === null ? null : scrubbed.body.toString('utf8'));
    return {
      eventId: sent.id,
      request: shownRequest(request.plan),
      status: outcome.status,
      durationMs: outcome.durationMs,
      responseHeaders: shown.responseHeaders,
      responseBody: shownBody,
      json: shownBody === null ? null : jsonOfBody(Buffer.from(shownBody, 'utf8')),
      serviceError,
      failure: outcome.failure,
      checkout,
      ...(checkoutUrlHoldsToken ? { checkoutUrlHoldsToken } : {}),
      answerProblems: problems,
    };
  }

  const planCheckout = (
    profile: StoredProfile,
    body: CheckoutBody,
    inject: boolean,
    judging: { form: CheckoutForm; singleCheckout?: boolean | undefined },
  ) =>
    prepareCreateCheckout(
      profile,
      deps.profiles.secretsOf(profile.id).apiToken,
      body,
      { target: deps.listenerUrlFor(profile), enabled: inject },
      judging.singleCheckout === undefined
        ? { form: judging.form }
        : { form: judging.form, singleCheckout: judging.singleCheckout },
    );

  // Where the order's notifications go, as a window or a terminal is told it: a URL's password
  // and serviceToken, and any profile secret in it, masked as every screen masks a URL.
  const shownPlan = (plan: NotificationPlan, secrets = shownSecrets()): NotificationPlan =>
    plan.url === null ? plan : { ...plan, url: redactUrl(plan.url, secrets, maskWith) };

  return {
    prepareCheckout({ profileId, body, injectNotificationUrl, form, singleCheckout }) {
      const planned = planCheckout(profileFor(profileId), body, injectNotificationUrl, {
        form: form ?? 'general',
        singleCheckout,
      });
      // The secrets read once for both (the preview asks again a moment after each edit).
      const secrets = shownSecrets();
      return {
        request: shownRequest(planned.request.plan, secrets),
        notification: shownPlan(planned.notification, secrets),
      };
    },
    async sendCheckout(input) {
      const profile = profileFor(input.profileId);
      const planned = planCheckout(profile, input.body, input.injectNotificationUrl, input);
      const verdict =
        deps.judgePayload === undefined
          ? null
          : preSendVerdict(
              deps.judgePayload,
              // Judged as sent: the body's own text, a name given twice and all.
              { body: input.body, payload: planned.payload, text: planned.request.body?.toString('utf8') },
              { form: input.form, profile, singleCheckout: input.singleCheckout },
            );
      const result = await exchange(profile, planned.request, input, {
        orderId: null,
        orderReferenceId: referenceOf(planned.payload),
        details: {
          form: input.form,
          notification: planned.notification,
          // The record keeps the counts; the findings themselves are the send's to say.
          ...(verdict === null
            ? {}
            : {
                findings: { errors: verdict.errors, warnings: verdict.warnings },
                sentWithErrors: verdict.errors > 0,
              }),
          ...(input.body.kind === 'raw' ? { rawBody: true } : {}),
        },
      });
      return {
        ...result,
        notification: shownPlan(planned.notification),
        ...(verdict === null || verdict.errors === 0
          ? {}
          : { sentWithErrors: { errors: verdict.errors, first: verdict.firstErrors } }),
      };
    },
    prepareOperation({ profileId, operation, ...values }) {
      const profile = profileFor(profileId);
      const template = profile.fields.operations[operation];
      const body = defaultOperationBody(operation, { ...values, shippedAt: new Date().toISOString() });
      const path = fillPathTemplate(template.path, { order_id: values.orderId });
      return prepareFollowUp(profile, deps.profiles.secretsOf(profile.id).apiToken, operation, {
        method: template.method,
        url: joinServiceUrl(profile.fields.baseUrl, path),
        body: operationBodyText(body),
      }).plan;
    },
    async sendOperation(input) {
      const profile = profileFor(input.profileId);
      const request = prepareFollowUp(
        profile,
        deps.profiles.secretsOf(profile.id).apiToken,
        input.operation,
        input,
      );
      const order = followUpOrder(
        { ...input, url: request.plan.url },
        profile.fields.operations[input.operation].path,
      );
      return exchange(profile, request, input, {
        ...order,
        orderReferenceId: null,
        details: {
          ...order.details,
          ...(request.authorization === undefined ? {} : { authorization: request.authorization }),
        },
      });
    },
    cancel(requestKey) {
      const controller = inFlight.get(requestKey);
      if (controller === undefined) return false;
      controller.abort();
      return true;
    },
  };
}
