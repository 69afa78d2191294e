import {
  checkoutCreatedSchema,
  DEFAULT_TIMEOUT_MS,
  type CheckoutCreated,
  type ClientOperation,
  type ServiceError,
  type EditedHeader,
  type ExchangeResult,
  type NotificationPlan,
  type PlannedRequest,
} from '../../shared/merchant-api';
import {
  defaultOperationBody,
  operationBodyText,
  fillPathTemplate,
  type OperationBodyInput,
} from '../../shared/operation-bodies';
import type { CheckoutForm } from '../../shared/checkout';
import type { OperationName } from '../../shared/profile';
import { assertLiveConfirmed } from '../profiles/live-guard';
import { assertRealBaseUrl } from './placeholder-guard';
import type { ProfileService } from '../profiles/profile-service';
import type { StoredProfile } from '../store/profiles-repository';
import type { EventRecorder } from '../timeline/event-recorder';
import type { HttpOutcome } from '../outbound/http-exchange';
import { recordedExchange } from '../outbound/recorded-exchange';
import {
  joinServiceUrl,
  prepareCreateCheckout,
  prepareFollowUp,
  type CheckoutBody,
  type PreparedRequest,
} from './request-planner';
import { parseServiceError } from './service-error';
import { maskWith, redactText, redactUrl, usableSecrets } from '../../shared/secrets/redact-secrets';
import { redactExchange } from '../../shared/secrets/redact-exchange';
import { toBodyView } from '../store/events-repository';
import { answerProblems } from '../../shared/answer-problems';
import { parseBoundedJson } from '../../shared/bounded-json';
import { jsonOfBody } from '../../shared/json-body';
import { scrubAnswer } from './scrub-answer';
import type { NotificationTarget } from './notification-target';
import { preSendVerdict, type JudgePayload } from './pre-send-verdict';
import { namedOrder, requestOrderNames } from '../../shared/orders/request-order-names';
import { urlParts } from '../outbound/url-parts';

export interface ClientDependencies {
  profiles: ProfileService;
  recorder: EventRecorder;
  /** Where the service can reach our listener for this profile, or null. */
  /** Where the profile's notifications can reach a listener (notification-target.ts). */
  listenerUrlFor: (profile: StoredProfile) => NotificationTarget;
  /** Validates a JSON payload in the given form for the profile; absent → sends are not judged. */
  judgePayload?: JudgePayload;
}

interface SendOptions {
  profileId?: number | undefined;
  confirmLive?: boolean | undefined;
  timeoutMs?: number | undefined;
  /** Lets the UI cancel this exchange while it is in flight. */
  requestKey?: string | undefined;
  /** Stored in the record's details beside the client's own: a scenario step's run mark. */
  recordDetails?: Record<string, unknown> | undefined;
}

export interface MerchantApiClient {
  prepareCheckout(input: {
    profileId?: number;
    body: CheckoutBody;
    injectNotificationUrl: boolean;
    /** The form the payload is written in (default general); a local emulator is told it. */
    form?: CheckoutForm;
    singleCheckout?: boolean | undefined;
  }): {
    request: PlannedRequest;
    notification: NotificationPlan;
  };
  sendCheckout(
    input: SendOptions & {
      body: CheckoutBody;
      injectNotificationUrl: boolean;
      form: CheckoutForm;
      singleCheckout?: boolean | undefined;
    },
  ): Promise<ExchangeResult>;
  prepareOperation(
    input: { profileId?: number; operation: OperationName } & OperationBodyInput,
  ): PlannedRequest;
  sendOperation(
    input: SendOptions & {
      operation: OperationName;
      orderId: string;
      method: PlannedRequest['method'];
      url: string;
      body: string | null;
      headers?: readonly EditedHeader[] | undefined;
    },
  ): Promise<ExchangeResult>;
  /** Cancels an exchange in flight; false when it already finished (or never existed). */
  cancel(requestKey: string): boolean;
}

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

/** What the client makes of an answer: scrubbed of the profile's token, its error, the checkout created. */
interface AnswerRead {
  scrubbed: ReturnType<typeof scrubAnswer>;
  serviceError: ServiceError | null;
  checkout: CheckoutCreated | null;
  /** The checkout_url held the profile's token, which `checkout` shows masked (so no working link). */
  checkoutUrlHoldsToken: boolean;
  /** What is wrong with an answer its status would call a success (answer-problems.ts). */
  problems: string[];
  /** The answer as JSON, else null. */
  json: unknown;
}

const utf8 = new TextDecoder('utf-8');

function readAnswer(outcome: HttpOutcome, operation: ClientOperation, apiToken: string | null): AnswerRead {
  // The profile's own token never goes to disk or to a window, even when a service echoes it.
  const scrubbed = scrubAnswer(outcome.headers, outcome.body, apiToken === null ? [] : [apiToken]);
  // Everything below is read from the scrubbed answer, once: the service error, the checkout
  // created and what is wrong with it. Read from the answer as it came, a checkout_url or an
  // error message that echoed the token printed it (send), showed it (the builder) and stored it
  // (the record's details), beside a body that masked it.
  const body = scrubbed.body;
  const read = body === null || body.length === 0 ? null : parseBoundedJson(utf8.decode(body));
  const json = read?.ok === true ? read.value : null;
  const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
  const created = operation === 'createCheckout' && ok ? checkoutCreatedSchema.safeParse(json) : null;
  const checkout = created?.success === true ? created.data : null;
  const header = (wanted: string) =>
    scrubbed.headers?.find(([name]) => name.toLowerCase() === wanted)?.[1] ?? null;
  const contentType = header('content-type');
  return {
    scrubbed,
    serviceError: ok ? null : parseServiceError(json),
    checkout,
    checkoutUrlHoldsToken:
      checkout !== null && apiToken !== null && checkout.checkout_url.includes(maskWith(apiToken)),
    problems: answerProblems({
      operation,
      status: outcome.status,
      // The bytes as they came (a mask is longer or shorter than what it hides).
      keptBytes: outcome.body?.byteLength ?? 0,
      json: read,
      contentType,
      truncated: outcome.truncated,
      receivedBytes: outcome.responseBytes,
      // Where a redirect pointed, as the record keeps it (scrubbed): said, never followed.
      location: header('location'),
    }),
    json,
  };
}

/**
 * Which order a follow-up call is filed under: the one its URL and body name, then the one its
 * answer names (request-order-names.ts), else the order it was sent for. The request editor
 * sends what was typed, another order's id too; filed under the order whose editor sent it, the
 * answer moved that order. The details keep the order it was sent for and the path template,
 * so the Orders view can say when they disagree.
 */
function followUpOrder(
  input: { operation: OperationName; orderId: string; url: string; body: string | null },
  pathTemplate: string,
) {
  const request = input.body === null ? null : parseBoundedJson(input.body);
  const names = (answer: unknown) =>
    requestOrderNames({
      operation: input.operation,
      path: pathOf(input.url),
      pathTemplate,
      request: request?.ok === true ? request.value : null,
      answer,
    });
  return {
    orderId: namedOrder(names(null)) ?? input.orderId,
    details: { sentForOrder: input.orderId, pathTemplate },
    orderOfAnswer: (answer: unknown) => namedOrder(names(answer)),
  };
}

/** A URL's path as the record keeps it (url-parts.ts), or null when it is no URL. */
function pathOf(url: string): string | null {
  try {
    return urlParts(url).path;
  } catch {
    return null;
  }
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
