import type { BodyVerdict, EventKind, HeaderList, TokenVerdict } from '../../shared/events';
import type { Provenance } from '../../shared/provenance';

// What producers hand the store, apart from how the columns store it (event-columns.ts): most
// writers of records need these shapes and nothing of the declaration.

/** What a producer (listener, client, emulator, replay) records. Only kind is required. */
export interface NewEvent {
  uid?: string;
  kind: EventKind;
  atMs?: number;
  profileId?: number | null;
  profileName?: string | null;
  method?: string | null;
  url?: string | null;
  path?: string | null;
  query?: string | null;
  remoteAddress?: string | null;
  requestHeaders?: HeaderList;
  requestBody?: Uint8Array | null;
  requestSize?: number | null;
  requestTruncated?: boolean;
  status?: number | null;
  responseHeaders?: HeaderList | null;
  responseBody?: Uint8Array | null;
  durationMs?: number | null;
  orderId?: string | null;
  orderReferenceId?: string | null;
  eventType?: string | null;
  tokenVerdict?: TokenVerdict | null;
  bodyVerdict?: BodyVerdict | null;
  error?: string | null;
  relatedId?: number | null;
  imported?: boolean;
  details?: Record<string, unknown>;
  /** Whose doing it was; by default from the kind (forward, replay) and `imported`, else the service's. */
  provenance?: Provenance;
}

/** Fields that become known after the row was first written (a response, a verdict). */
export type EventUpdate = Partial<
  Pick<
    NewEvent,
    | 'status'
    | 'responseHeaders'
    | 'responseBody'
    | 'durationMs'
    | 'orderId'
    | 'orderReferenceId'
    | 'eventType'
    | 'tokenVerdict'
    | 'bodyVerdict'
    | 'error'
    | 'relatedId'
    | 'details'
  >
>;
