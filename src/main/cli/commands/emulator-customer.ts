import type { Command } from 'commander';
import { z } from 'zod';
import type { EmulatorOrder } from '../../../shared/emulator';
import {
  CUSTOMER_ACTION_OUTCOME,
  CUSTOMER_ACTIONS,
  type CustomerAction,
  type OrderState,
} from '../../../shared/orders/order-states';
import { ConsoleError } from '../../console-error';
import type { ConsoleCore } from '../../app';
import { EmulatorError } from '../../emulator/emulator-errors';
import { localProfileOf } from '../../emulator/local-profile-tokens';
import { shellQuote } from '../../../shared/shell-quote';
import { maskWith, redactText, redactUrl, usableSecrets } from '../../../shared/secrets/redact-secrets';
import { notificationState, type NotificationState } from '../../emulator/notification-state-words';
import type { EmulatorOrderRow } from '../../store/emulator-orders-repository';
import type { OutboxRow } from '../../store/emulator-outbox-repository';
import type { StoredProfile } from '../../store/profiles-repository';
import { parseFlags, withConsole, type CliContext } from '../cli-context';
import { CommandExit, UsageError } from '../cli-errors';
import { commandCaller } from '../command-caller';
import type { NoEmulator } from '../../emulator/running-emulator';
import { whyNoMove } from '../../emulator/customer-move-guard';
import { startEmulatorAdvice } from '../start-emulator-advice';
import { LOOKED_FOR_AS, findNamedOrder } from '../order-named';
import { terminalSafe, terminalSafeJson } from '../terminal-text';
import { requireProfile } from './profiles';

/** Beyond 0 done, 1 failed, 2 usage error (a sandbox or live profile among them): one code per refusal. */
export const EXIT_UNKNOWN_ORDER = 3;
export const EXIT_WRONG_STATE = 4;
export const EXIT_EMULATOR_NOT_RUNNING = 5;

const EXIT_CODES_HELP = `
<order> is an order_id, or an order_reference_id (the newest order with it).
It acts on the emulator of this data directory wherever it runs (serve, the
desktop app, checkout-console emulator): the move is the Emulator view's own,
and the running emulator sends the notification.

Exit codes: 0 done; 1 failed (no profile by the --profile name among them);
2 bad arguments, or a sandbox or live profile (only the local emulator has a
customer); 3 no such order in the emulator;
4 the order is not in a state the customer can act on (it says which);
5 the emulator is not running at the profile's base URL (it says how to start
it, that something else holds that port, or where this data directory's
emulator runs instead). With --json, a refusal prints
nothing on standard output: the exit code and the error line on standard
error say it.`;

// Not trimmed: a reference may have spaces around it (findNamedOrder tries it trimmed after).
const orderArgument = z
  .string()
  .refine((value) => value.trim() !== '', 'must name an order id or reference')
  .refine((value) => value.length <= 200, 'at most 200 characters');

const customerFlags = z.object({
  json: z.boolean().optional(),
  profile: z.string().trim().min(1, 'must name a profile').optional(),
});

const DONE: Record<CustomerAction, string> = {
  pay: 'Paid',
  decline: 'Declined',
  cancel: 'Canceled',
  expire: 'Expired',
};

const DESCRIPTION: Record<CustomerAction, string> = {
  pay: "The customer pays (the checkout page's Pay): new → approved, order_approved",
  decline: "The customer is declined (the checkout page's Decline): new → declined, order_declined",
  cancel: "The customer cancels (the checkout page's Cancel): new → canceled, no notification",
  expire: 'The order expires now, as an unpaid one does on time: new → expired, order_expired',
};

/** Fails with `code` after saying why (and what to do, when there is something) on standard error. */
function refuse(context: CliContext, code: number, words: string, hint?: string): never {
  context.io.stderr(`error: ${terminalSafe(words)}\n`);
  if (hint !== undefined) context.io.stderr(`hint: ${terminalSafe(hint)}\n`);
  throw new CommandExit(code);
}

/** A notification's target as a terminal shows it: its password, serviceToken and any profile secret masked. */
function shownUrl(url: string | null, core: ConsoleCore): string | null {
  return url === null ? null : redactUrl(url, usableSecrets(core.profiles.secretsHere().secrets), maskWith);
}

/** The order by id, else the newest with that reference; undefined when neither. */
function findOrder(core: ConsoleCore, named: string): EmulatorOrderRow | undefined {
  return lookUpIn(core.emulator.engine.get, named) ?? lookUpIn(core.emulator.engine.byReference, named);
}

/** One of the engine's look-ups, undefined for its 404. */
function lookUpIn(lookUp: (named: string) => EmulatorOrderRow, named: string): EmulatorOrderRow | undefined {
  try {
    return lookUp(named);
  } catch (error) {
    if (!(error instanceof EmulatorError) || error.status !== 404) throw error;
    return undefined;
  }
}

/** The order <order> names (order-named.ts): by id, else the newest with that reference. */
const findNamed = (core: ConsoleCore, written: string) =>
  findNamedOrder(written, {
    byId: (named) => lookUpIn(core.emulator.engine.get, named),
    byReference: (named) => lookUpIn(core.emulator.engine.byReference, named),
  });

/**
 * The order a refusal is about, named when <order> was a reference: several orders may share
 * one, and "it is approved" about the newest read as if no order with it were still new.
 */
const judged = (order: EmulatorOrderRow, named: string): string =>
  order.orderId === named ? '' : `order ${order.orderId} (the newest with order_reference_id ${named}): `;

/**
 * The profile `--profile` names, else the Local one. None by that name is a failure (exit 1),
 * as in every command that takes --profile (docs/cli-conventions.md), not a usage error.
 */
function profileNamed(core: ConsoleCore, name: string | undefined): StoredProfile | null {
  if (name === undefined) return localProfileOf(core.profiles);
  return requireProfile(core.profiles, name);
}

/**
 * What would bring an emulator to the profile: starting one on this data directory, or
 * pointing the profile at the one this data directory already runs on another port (`emulator
 * --port 0`, found through its address record). When something else holds the port, or the
 * profile itself stands in the way, starting one would not help, so the hint says what would.
 * Every command it names is this data directory's (`--data-dir` unless it is the default): as
 * printed, `profiles set` re-pointed the default data directory's profile instead.
 */
function howToReach(core: ConsoleCore, profileName: string, why: NoEmulator): string {
  const { remedy } = why;
  const command = core.consoleCommand;
  const repoint = (url: string) => command(`profiles set ${shellQuote(profileName)} --base-url ${url}`);
  if (remedy === 'elsewhere') {
    const token = why.runsAt?.refusesToken === true ? ' and give it that emulator’s API token' : '';
    const atBaseUrl =
      why.runsAt?.baseUrlTaken === true
        ? "free the profile's port (something else answers there) and start this data directory's emulator on it"
        : "start this data directory's emulator at the profile's base URL";
    return `point the profile at it (${repoint(why.runsAt?.url ?? 'http://127.0.0.1:<port>')})${token}, or ${atBaseUrl}`;
  }
  if (remedy === 'base-url')
    return `give the profile a base URL the emulator can take: ${repoint('http://127.0.0.1:<port>')}`;
  if (remedy === 'api-token')
    return `give the profile the emulator’s API token: ${command(`profiles set ${shellQuote(profileName)} --api-token -`)}`;
  if (remedy === 'free-port')
    return `the port is taken by what answers there: stop it, or point the profile at another port (${repoint('http://127.0.0.1:<port>')}) and start this data directory's emulator there`;
  const { words, consoleServes } = startEmulatorAdvice(core.dataDir, command);
  // Asked at every address this data directory publishes (whyNoEmulatorFor): none runs elsewhere.
  return consoleServes
    ? words
    : `${words}; no emulator of this data directory was found running on another port either`;
}

interface Done {
  order: EmulatorOrder;
  previous: OrderState;
  notification: {
    eventType: string;
    url: string | null;
    state: NotificationState;
    row: OutboxRow | null;
  } | null;
}

async function runCustomerAction(
  context: CliContext,
  action: CustomerAction,
  named: string,
  rawFlags: unknown,
): Promise<void> {
  const flags = parseFlags(customerFlags, rawFlags);
  const parsedOrder = orderArgument.safeParse(named);
  if (!parsedOrder.success)
    throw new UsageError(`<order>: ${parsedOrder.error.issues[0]?.message ?? 'invalid value'}`);
  const done = await withConsole(context, async (core): Promise<Done> => {
    const profile = profileNamed(core, flags.profile);
    if (profile === null)
      refuse(
        context,
        EXIT_EMULATOR_NOT_RUNNING,
        'there is no local profile, so no emulator to act on',
        `add one with ${core.consoleCommand('profiles add Local --env local')}`,
      );
    const { environment, name } = profile.fields;
    if (environment !== 'local')
      throw new UsageError(
        `profile "${name}" is a ${environment} profile: only the local emulator has a customer to ${action} for you; on the ${environment} service the customer acts on its own checkout page (the order's checkout_url)`,
      );
    const lookedUp = await findNamed(core, parsedOrder.data);
    if (lookedUp === undefined)
      refuse(
        context,
        EXIT_UNKNOWN_ORDER,
        `no order "${parsedOrder.data}" in the emulator of this data directory (${LOOKED_FOR_AS})`,
      );
    const found = lookedUp.order;
    // The Emulator view's own rule (customer-move-guard.ts): the order's state first (a state
    // that starting the emulator would not change is said first), then an emulator to send the
    // notification.
    let why: NoEmulator | null;
    try {
      why = await whyNoMove(core, found.orderId, action, profile);
    } catch (error) {
      if (error instanceof EmulatorError)
        refuse(context, EXIT_WRONG_STATE, `${judged(found, lookedUp.named)}${error.message}`);
      throw error;
    }
    if (why !== null) refuse(context, EXIT_EMULATOR_NOT_RUNNING, why.why, howToReach(core, name, why));
    let order: EmulatorOrder;
    try {
      order = await commandCaller(core.dispatcher)('emulatorCustomerAction', {
        orderId: found.orderId,
        action,
      });
    } catch (error) {
      // Moved or expired in between (another console, the expiry timer): the engine's words name the state.
      const now = findOrder(core, found.orderId);
      if (
        error instanceof ConsoleError &&
        now !== undefined &&
        (now.state !== 'new' || now.expiresAtMs <= Date.now())
      )
        refuse(context, EXIT_WRONG_STATE, `${judged(found, lookedUp.named)}${error.message}`);
      throw error;
    }
    const eventType = CUSTOMER_ACTION_OUTCOME[action].eventType;
    if (eventType === null) return { order, previous: found.state, notification: null };
    // Where it stands as the move is answered (the running emulator may have sent it already,
    // dropped it by a fault, or found it could never go): the outbox's word, never "queued" by default.
    const rows = core.emulator.engine.notificationsOf(order.orderId, eventType);
    const secrets = usableSecrets(core.profiles.secretsHere().secrets);
    const state = notificationState(eventType, rows);
    return {
      order,
      previous: found.state,
      notification: {
        eventType,
        url: shownUrl(
          core.emulator.engine.notificationTargetOf(core.emulator.engine.get(order.orderId), eventType),
          core,
        ),
        state: { ...state, words: redactText(state.words, secrets, maskWith) },
        row: rows[0] ?? null,
      },
    };
  });
  context.io.stdout(
    flags.json === true
      ? `${terminalSafeJson(JSON.stringify(jsonOf(action, done), null, 2))}\n`
      : lineOf(action, done),
  );
}

function jsonOf(action: CustomerAction, { order, previous, notification }: Done) {
  return {
    action,
    order_id: order.orderId,
    order_reference_id: order.referenceId,
    previous_status: previous,
    status: order.state,
    notification:
      notification === null
        ? null
        : {
            event_type: notification.eventType,
            url: notification.url,
            // Where it stands as the move is answered: pending, delivered, failed, dropped or unsent.
            status: notification.state.status ?? 'unsent',
            attempts: notification.row?.attempts ?? 0,
            max_attempts: notification.row?.maxAttempts ?? 0,
            last_status: notification.row?.lastStatus ?? null,
            said: notification.state.words,
          },
  };
}

function lineOf(action: CustomerAction, { order, previous, notification }: Done): string {
  const reference = order.referenceId === null ? '' : ` (reference ${order.referenceId})`;
  const sent =
    notification === null ? 'no notification (the customer’s cancel sends none)' : notification.state.words;
  return `${terminalSafe(`${DONE[action]} order ${order.orderId}${reference}: ${previous} → ${order.state}; ${sent}`)}\n`;
}

/** `emulator pay|decline|cancel|expire <order>`: the customer's side of a checkout, from a terminal. */
export function registerCustomerActions(emulator: Command, context: CliContext): void {
  for (const action of CUSTOMER_ACTIONS) {
    emulator
      .command(`${action} <order>`)
      .description(DESCRIPTION[action])
      .option('--json', 'print the outcome as JSON: order_id, status, previous_status, notification')
      .option(
        '--profile <name>',
        'the local profile whose emulator it is (default: the one named Local); a sandbox or live one is refused',
      )
      .addHelpText('after', EXIT_CODES_HELP)
      .action((order: string, flags: unknown) => runCustomerAction(context, action, order, flags));
  }
}
