import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EmulatorEngine } from '../emulator-engine';
import type { MoneyChoices } from '../money-written';

/**
 * What every route of the emulator is given: the engine, and the request entry's own helpers
 * (reading bodies, answering JSON, checking the bearer token), so that each stays in one place
 * (emulator-server.ts) and the routes stay small modules by concern.
 */
export interface RouteContext {
  engine: EmulatorEngine;
  /** Refuses (401) a request without the service's bearer token. */
  api: (req: IncomingMessage) => void;
  /** Whether the request carries the service's bearer token (no refusal). */
  hasApiToken: (req: IncomingMessage) => boolean;
  /** Runs a change through the store's writer, answered once it is on disk. */
  write: <T>(change: () => T) => Promise<T>;
  /** A path segment, percent-decoded. */
  decoded: (value: string | undefined) => string;
  /**
   * A path segment that names an order: percent-decoded, then as the emulator stores order ids
   * (order-id.ts canonicalOrderId: a UUID in any case). Every route with an order in its path
   * reads it so; a body's `order_id` is read so by body-order-id.ts.
   */
  orderIdAt: (value: string | undefined) => string;
  readBody: (req: IncomingMessage) => Promise<Buffer>;
  readJson: (req: IncomingMessage, required: boolean) => Promise<unknown>;
  /** The JSON body with its text as received (a name given twice in one object shows only there). */
  readJsonWithText: (req: IncomingMessage, required: boolean) => Promise<{ value: unknown; text: string }>;
  sendJson: (res: ServerResponse, status: number, body: unknown, headers?: Record<string, string>) => void;
  /**
   * Where customers reach the emulator (its settings' public URL, else its own address): the
   * base of checkout_url and of the hosted page's redirects. Never the request's Host header.
   */
  pageBase: () => string;
  /** How Money is written in the service's answers: the settings, read at each answer. */
  moneyChoices: () => MoneyChoices;
  /** The console's browser-mode address, for links back to an order (null: none known). */
  consoleUrl: () => string | null;
  /** Null when a merchant URL can be opened; otherwise why not. */
  whyUnreachable: (url: string) => Promise<string | null>;
  now: () => number;
}

/**
 * One route. `_hostBase` is what the request entry derives from the Host header; no route
 * builds a URL from it (a client sets its own Host), they use `pageBase()`.
 */
export type Route = (
  req: IncomingMessage,
  res: ServerResponse,
  match: RegExpExecArray,
  _hostBase: string,
) => Promise<void>;

export type RouteTable = [method: string, path: RegExp, route: Route][];
