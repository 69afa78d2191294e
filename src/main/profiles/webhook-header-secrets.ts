import { z } from 'zod';
import { readStoredSecretList, WEBHOOK_HEADERS_SETTING } from '../../shared/stored-settings';
import { DAMAGED_SECRET } from './former-secrets';
import type { HeaderList } from '../../shared/events';
import {
  webhookHeaderEditsSchema,
  type WebhookHeaderEdit,
  type WebhookHeaderView,
} from '../../shared/registered-webhook-headers';
import { ConsoleError } from '../console-error';
import { parseInput } from '../parse-input';
import type { SettingsRepository } from '../store/settings-repository';
import { maskedWithStamp, stampOf } from './secret-stamp';
import { sealedTextSchema } from './sealed-secret';
import type { Vault } from './vault';

/** The registered webhook's headers: each name with its value sealed (`$<scheme>:…`), never plain. */
const STORED_KEY = WEBHOOK_HEADERS_SETTING.key;
const storedHeaderSchema = z.object({ name: z.string(), sealed: sealedTextSchema });
type StoredHeader = z.infer<typeof storedHeaderSchema>;

/**
 * The stored headers as read: one that cannot be read is kept with a damaged value (its name
 * when that can be read), so a delivery refuses, naming it, rather than go without it; a value
 * that is not a list is one such header.
 */
export const readWebhookHeaders = (text: string | undefined) =>
  readStoredSecretList(text, storedHeaderSchema, (entry): StoredHeader => {
    const name: unknown =
      typeof entry === 'object' && entry !== null ? (entry as { name?: unknown }).name : undefined;
    return { name: typeof name === 'string' && name !== '' ? name : '(unreadable)', sealed: DAMAGED_SECRET };
  });

export interface WebhookHeaderSecrets {
  /** As every screen gets them: each name, its value masked. */
  masked(): WebhookHeaderView[];
  /**
   * With their plain values, for the delivery alone (main). Throws, naming the header, when a
   * value was sealed by a protection this process lacks (the desktop's, read from the CLI).
   */
  plain(): HeaderList;
  /** Every value this process can open, so an echo of one is masked wherever it appears. */
  values(): string[];
  /** Each header with its value as sealed (profile-service.ts opens each, naming those it cannot). */
  sealed(): { name: string; sealed: string }[];
  /** What of the stored headers could not be read (never a value), for the Emulator view's alert. */
  unreadable(): string[];
  /**
   * Registers `edits` as the whole list (one left out is removed): a kept value stays sealed
   * as it was, a new one is sealed; a value leaving is retired (kept sealed, for masking only).
   */
  replace(edits: readonly WebhookHeaderEdit[]): void;
}

/** The stored values re-sealed with `reseal` (the vault's primary cipher changed). */
export function resealWebhookHeaders(settings: SettingsRepository, reseal: (sealed: string) => string): void {
  const stored = settings.readWith(STORED_KEY, readWebhookHeaders).value;
  // A damaged one stays as it is: nothing opens it to re-seal, and it must not stop the others.
  const resealed = stored.map((header) =>
    header.sealed === DAMAGED_SECRET ? header : { ...header, sealed: reseal(header.sealed) },
  );
  if (resealed.some((header, index) => header.sealed !== stored[index]?.sealed))
    settings.set(STORED_KEY, resealed);
}

/**
 * The registered webhook's header values, sealed like the profiles' tokens and by the same
 * vault: in the settings table only as ciphertext, out of main only masked. Read as stored on
 * every call (another console on the data directory may change them), opened once per change.
 */
export function createWebhookHeaderSecrets({
  settings,
  vault,
  retire,
}: {
  settings: SettingsRepository;
  vault: Vault;
  /** Keeps values that leave sealed among the former secrets (profile-service.ts). */
  retire: (sealed: readonly string[]) => void;
}): WebhookHeaderSecrets {
  const readNow = settings.lenientReaderWith(STORED_KEY, readWebhookHeaders);
  const read = () => readNow().value;
  let opened: { stored: StoredHeader[]; plain: (string | null)[] } | null = null;
  /** Each stored value opened, or null where this process cannot open it. */
  const openAll = (): { stored: StoredHeader[]; plain: (string | null)[] } => {
    const stored = read();
    if (opened?.stored === stored) return opened;
    const plain = stored.map((header) => {
      try {
        return vault.open(header.sealed);
      } catch {
        return null;
      }
    });
    opened = { stored, plain };
    return opened;
  };
  return {
    masked() {
      const { stored, plain } = openAll();
      return stored.map((header, index) => ({
        name: header.name,
        // One that cannot be opened here is still set: shown as set, with nothing of it.
        value:
          plain[index] === null
            ? { isSet: true, masked: '••••', stamp: stampOf(header.sealed) }
            : maskedWithStamp(plain[index] ?? null, header.sealed),
      }));
    },
    plain() {
      const { stored, plain } = openAll();
      return stored.map((header, index): [string, string] => {
        const value = plain[index];
        if (value === undefined || value === null)
          throw new ConsoleError(
            'failed',
            vault.kindUnopened(header.sealed) === 'damaged'
              ? `The registered webhook's header ${header.name} is stored damaged (its value cannot be read); set its value again in Emulator → Settings.`
              : `The registered webhook's header ${header.name} was encrypted with a protection not available here (this process uses "${vault.primary.scheme}"); set its value again in Emulator → Settings.`,
          );
        return [header.name, value];
      });
    },
    values() {
      return openAll().plain.filter((value): value is string => value !== null);
    },
    sealed() {
      return openAll().stored;
    },
    unreadable: () => readNow().unreadable,
    replace(edits) {
      const parsed = parseInput(webhookHeaderEditsSchema, edits, ['webhookHeaders']);
      const stored = read();
      const byName = new Map(stored.map((header) => [header.name.toLowerCase(), header.sealed]));
      const next = parsed.map((edit, index): StoredHeader => {
        if (edit.value.action === 'set') return { name: edit.name, sealed: vault.seal(edit.value.value) };
        const kept = byName.get(edit.name.toLowerCase());
        if (kept === undefined)
          throw ConsoleError.invalid(
            `webhookHeaders[${index}].value`,
            `${edit.name} has no stored value to keep (it was removed, or renamed, since this list was read); enter its value`,
          );
        return { name: edit.name, sealed: kept };
      });
      const staying = new Set(next.map((header) => header.sealed));
      // A damaged value leaving is not retired: it is no secret that could be masked.
      retire(
        stored
          .map((header) => header.sealed)
          .filter((sealed) => !staying.has(sealed) && sealed !== DAMAGED_SECRET),
      );
      settings.set(STORED_KEY, next);
    },
  };
}
