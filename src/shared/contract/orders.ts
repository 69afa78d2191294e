import { z } from 'zod';
import { timelineSummarySchema } from '../events';
import { orderLifecycleSchema, orderSummarySchema } from '../orders/order-lifecycle';
import { ORDER_STATES, orderStateSchema } from '../orders/order-states';
import { defineCommand } from './define';

/** Keyset cursor of the Orders list: the last row's activity time (ms) and order id. */
export const orderCursorSchema = z.object({
  lastMs: z.number().int().nonnegative(),
  orderId: z.string().min(1).max(200),
});
export type OrderCursor = z.infer<typeof orderCursorSchema>;

export const ORDER_PAGE_MAX = 500;

export const orderListRequestSchema = z
  .object({
    /** Orders whose current known state is one of these. */
    states: z.array(orderStateSchema).max(ORDER_STATES.length).optional(),
    profileId: z.number().int().positive().optional(),
    /** Part of an order id or reference id, any case. */
    text: z.string().trim().max(200, 'The search text is at most 200 characters').optional(),
    cursor: orderCursorSchema.optional(),
    limit: z.number().int().min(1).max(ORDER_PAGE_MAX).default(100),
  })
  .strict();
export type OrderListRequest = z.input<typeof orderListRequestSchema>;

export const orderPageSchema = z.object({
  items: z.array(orderSummarySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: orderCursorSchema.nullable(),
  /** How many orders match the filter in all (of those derived so far). */
  total: z.number().int(),
  /**
   * Null when every order is derived from its records as they are now. Otherwise the console is
   * still deriving (after a flood of webhooks, an import): the page is what is derived so far,
   * some orders missing or in an older state, and `orders.changed` follows as it catches up.
   */
  catchingUp: z
    .object({
      /** Orders whose records changed since they were last derived. */
      ordersToDerive: z.number().int().nonnegative(),
      /** Records stored since the last look, whose orders are not counted above yet. */
      recordsToRead: z.number().int().nonnegative(),
    })
    .nullable(),
});
export type OrderPage = z.infer<typeof orderPageSchema>;

export const orderDetailSchema = z.object({
  lifecycle: orderLifecycleSchema,
  /** Every record of the order, oldest first. */
  records: z.array(timelineSummarySchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const orderCommands = {
  /** Orders the console has seen, newest activity first, one keyset page at a time. */
  listOrders: defineCommand(orderListRequestSchema, orderPageSchema),
  /** One order: its derived lifecycle (entries, strip, facts, state) and its records. */
  getOrderLifecycle: defineCommand(
    z.object({ orderId: z.string().trim().min(1, 'Enter an order id').max(200) }),
    orderDetailSchema,
  ),
};

export const orderPushEvents = {
  /** Records of these orders were added or changed (by this process or another one). */
  'orders.changed': z.object({ orderIds: z.array(z.string()) }),
};
