import type { Command } from 'commander';
import { z } from 'zod';
import { ORDER_PAGE_MAX, type OrderCursor } from '../../../shared/contract/orders';
import type { OrderSummary } from '../../../shared/orders/order-lifecycle';
import { ORDER_STATES, type OrderState } from '../../../shared/orders/order-states';
import { ConsoleError } from '../../console-error';
import { DatabaseBusyError } from '../../store/write-lock';
import type { ConsoleCore } from '../../app';
import { countFlag, parseFlags, type CliContext, withExistingConsole } from '../cli-context';
import { CommandExit, EXIT_FAILED } from '../cli-errors';
import { commandCaller } from '../command-caller';
import { orderDetailJson, orderDetailText, orderSummaryJson, ordersTable } from '../order-report';
import { emulatorHeldStateNote, type EmulatorHeld } from '../../../shared/orders/emulator-held-state';
import { LOOKED_FOR_AS, findNamedOrder } from '../order-named';
import { terminalSafe, terminalSafeJson } from '../terminal-text';

/** The emulator's newest orders read for `orders show`'s note: as many as the Emulator view holds. */
const EMULATOR_ORDERS_READ = 200;

/** Words a person uses for a family of states. */
const STATE_FAMILIES: Record<string, readonly OrderState[]> = {
  captured: ['partially_captured', 'fully_captured'],
  refunded: ['partially_refunded', 'fully_refunded'],
};

const collect = (value: string, previous: string[] = []) => [...previous, value];

const listFlags = z.object({
  json: z.boolean().optional(),
  state: z
    .array(z.string())
    .optional()
    .transform((values, ctx) => {
      if (values === undefined) return undefined;
      const states = values.flatMap((value) => value.split(',')).map((value) => value.trim());
      const out: OrderState[] = [];
      for (const state of states) {
        const family = STATE_FAMILIES[state];
        if (family !== undefined) out.push(...family);
        else if ((ORDER_STATES as readonly string[]).includes(state)) out.push(state as OrderState);
        else {
          ctx.addIssue({
            code: 'custom',
            message: `unknown state "${state}"; one of ${[...ORDER_STATES, ...Object.keys(STATE_FAMILIES)].join(', ')}`,
          });
          return z.NEVER;
        }
      }
      return out;
    }),
  search: z.string().trim().max(200, 'at most 200 characters').optional(),
  limit: countFlag(1_000_000).default(10_000),
});

const showFlags = z.object({ json: z.boolean().optional() });

/**
 * `orders` and `orders show`: the Orders view in a terminal, from the same derivation (the
 * orders service the bridge serves), so a CI job can assert on an order as a person reads it.
 */
export function registerOrders(program: Command, context: CliContext): void {
  const orders = program
    .command('orders')
    .description(
      'Orders as the Orders view derives them from the service’s own evidence, newest activity first',
    )
    .option('--json', 'a JSON array of orders')
    .option(
      '--state <state>',
      `only orders in these states (${ORDER_STATES.join(', ')}, or captured, refunded); repeatable or a comma list`,
      collect,
    )
    .option('--search <text>', 'only orders whose id or reference contains this text (any case)')
    .option('--limit <n>', 'at most this many orders (default 10000)')
    .action(async (raw: unknown) => {
      const flags = parseFlags(listFlags, raw);
      const found = await withExistingConsole(context, async (core) => {
        // A terminal wants every order: derived in batches first (the list itself answers with
        // what is derived so far, as a view does while it catches up). Another process holding
        // the write lock past the wait does not fail a listing: it reads what is derived, and
        // says it may be behind (it said "error: database is locked").
        const behind = await derivedSoFar(core);
        const items: OrderSummary[] = [];
        let cursor: OrderCursor | undefined;
        let total = 0;
        while (items.length < flags.limit) {
          const page = await commandCaller(core.dispatcher)('listOrders', {
            ...(flags.state === undefined ? {} : { states: flags.state }),
            ...(flags.search === undefined ? {} : { text: flags.search }),
            ...(cursor === undefined ? {} : { cursor }),
            limit: Math.min(ORDER_PAGE_MAX, flags.limit - items.length),
          });
          items.push(...page.items);
          total = page.total;
          if (page.nextCursor === null) break;
          cursor = page.nextCursor;
        }
        return { items, total, behind };
      });
      if (found.behind !== null)
        context.io.stderr(
          `warning: listed as derived so far, which may be behind the newest records: ${terminalSafe(found.behind)}\n`,
        );
      context.io.stdout(
        flags.json === true
          ? `${terminalSafeJson(JSON.stringify(found.items.map(orderSummaryJson), null, 2))}\n`
          : ordersTable(found.items),
      );
      // A list cut at --limit must not read as every order there is.
      if (found.items.length < found.total)
        context.io.stderr(
          `${found.items.length} of ${found.total} orders shown; raise --limit to see the rest\n`,
        );
    });

  orders
    .command('show <order>')
    .description(
      'One order (an order_id, or an order_reference_id): state, amounts, findings, and each record marked as the service’s or the console’s doing',
    )
    .option('--json', 'the order as JSON')
    .action(async (written: string, _raw: unknown, command: Command) => {
      // `orders show <id> --json`: commander gives a --json after the subcommand to `orders`,
      // which has one too, so show reads its own and its parent's.
      const flags = parseFlags(showFlags, command.optsWithGlobals());
      const { detail, held } = await withExistingConsole(context, async (core) => {
        const call = commandCaller(core.dispatcher);
        const named = await findNamedOrder(written, {
          byId: async (orderId) => {
            try {
              return await call('getOrderLifecycle', { orderId });
            } catch (error) {
              if (error instanceof ConsoleError && error.code === 'not_found') return undefined;
              throw error;
            }
          },
          byReference: async (reference) => {
            const ids = await orderIdsWithReference(core, reference);
            if (ids.length > 1) {
              // The emulator's commands take the newest; a report of the wrong one of two orders
              // reads as the right one's, so show asks which.
              context.io.stderr(
                `error: ${ids.length} orders carry order_reference_id ${terminalSafe(reference)} (${terminalSafe(ids.join(', '))}); name one by its order_id\n`,
              );
              throw new CommandExit(EXIT_FAILED);
            }
            return ids[0] === undefined ? undefined : call('getOrderLifecycle', { orderId: ids[0] });
          },
        });
        if (named === undefined) {
          context.io.stderr(
            `error: no order ${terminalSafe(written)} in this data directory (${LOOKED_FOR_AS})\n`,
          );
          throw new CommandExit(EXIT_FAILED);
        }
        const found = named.order;
        // What this data directory's emulator holds of it, as the Orders view says beside the
        // state (its newest orders, as the view reads them): the two said different things. A
        // damaged row of it is named, as the Emulator view names it: it was left out unsaid.
        const emulated = await call('listEmulatorOrders', { limit: EMULATOR_ORDERS_READ });
        const orderId = found.lifecycle.orderId;
        const order = emulated.orders.find((candidate) => candidate.orderId === orderId);
        const damaged = emulated.damaged.find((candidate) => candidate.orderId === orderId);
        const held: EmulatorHeld | undefined =
          order?.state ?? (damaged === undefined ? undefined : { damaged: damaged.words });
        return { detail: found, held };
      });
      const note = emulatorHeldStateNote(detail.lifecycle.state, held, detail.records, detail.lifecycle);
      context.io.stdout(
        flags.json === true
          ? `${terminalSafeJson(JSON.stringify(orderDetailJson(detail, note), null, 2))}\n`
          : orderDetailText(detail, note),
      );
    });
}

/**
 * Derives every order whose records changed, as a terminal wants before it searches them: null,
 * or why what is derived so far may be behind the newest records (another process holding the
 * write lock past the wait does not fail the command; it said "error: database is locked").
 */
async function derivedSoFar(core: ConsoleCore): Promise<string | null> {
  try {
    await core.orders.caughtUp();
    return null;
  } catch (error) {
    if (!(error instanceof DatabaseBusyError)) throw error;
    return error.message;
  }
}

/**
 * The ids of the orders whose order_reference_id is exactly `reference`, newest activity first:
 * the list's search (any part, any case) narrowed to the whole reference.
 */
async function orderIdsWithReference(core: ConsoleCore, reference: string): Promise<string[]> {
  if (reference.trim() === '') return [];
  await derivedSoFar(core);
  const ids: string[] = [];
  let cursor: OrderCursor | undefined;
  for (;;) {
    const page = await commandCaller(core.dispatcher)('listOrders', {
      text: reference,
      ...(cursor === undefined ? {} : { cursor }),
      limit: ORDER_PAGE_MAX,
    });
    ids.push(...page.items.filter((order) => order.referenceId === reference).map((order) => order.orderId));
    if (page.nextCursor === null) return ids;
    cursor = page.nextCursor;
  }
}
