import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cannotOpenWords } from '../file-error-words';
import { createKeyCipher, type SecretCipher } from './sealed-secret';

export const KEY_FILE_SCHEME = 'file-aes256gcm';
export const KEY_FILE_NAME = 'vault.key';

export const KEY_FILE_WARNING =
  'No OS keychain is available, so tokens are encrypted with a key kept in a file (mode 0600) ' +
  'inside the data directory. Anyone who can read that directory can read the tokens.';

/** The key in `file`, or what is wrong with the file (unreadable, or no 32-byte key in it). */
function readKey(file: string): { key: Buffer } | { damage: string } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (error) {
    // A folder in its place, a file this user may not read: no key, as for a damaged one.
    return { damage: cannotOpenWords(file, error) };
  }
  const key = Buffer.from(text, 'base64');
  if (key.byteLength === 32) return { key };
  return {
    damage: text === '' ? `${file} is empty` : `${file} does not hold a 32-byte key; it may be damaged`,
  };
}

/**
 * A key file that holds no key (emptied, cut, written over). It is neither replaced nor deleted:
 * it is evidence of what happened, and the key restored from a backup opens the tokens it sealed.
 * The console starts without it as it does with a lost key (the listener keeps every webhook,
 * unverified); only what needs the key is refused, saying what is wrong and the way out.
 */
function damagedKeyFileCipher(damage: string): SecretCipher {
  const wayOut =
    'It is kept as it is: restore it from a backup, or move it aside (a new key is made at the next start) and forget the tokens it sealed (profiles forget-secret)';
  return {
    scheme: KEY_FILE_SCHEME,
    warning: `${damage}. ${wayOut}. Until then no token sealed with it opens, and no token can be set.`,
    unusable: damage,
    seal: () => {
      throw new Error(`No token can be set here: ${damage}. ${wayOut}.`);
    },
    open: () => {
      throw new Error(`${damage}.`);
    },
  };
}

/**
 * Makes the key file if there is none. The key is written whole to a file of this process's
 * own, then linked into place: a link fails if the name is taken, so when consoles start at
 * the same moment one key wins and every one of them reads it (written in place, a second
 * process could read the file half written, or make its own and seal tokens no one can open).
 */
function createKeyFileOnce(file: string): void {
  const own = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(own, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  try {
    linkSync(own, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(own);
  }
}

/** The last resort: a random AES key in `<dataDir>/vault.key`, readable by the owner only. */
export function createKeyFileCipher(dataDir: string): SecretCipher {
  const file = join(dataDir, KEY_FILE_NAME);
  if (existsSync(file)) {
    // Repair permissions loosened by a copy or a backup tool; a folder in its place is evidence,
    // left as it is. Only when loose: on read-only media (a backup read, never written) any
    // chmod fails, and the key still reads; one that cannot be repaired is read as it is.
    const stat = statSync(file);
    if (stat.isFile() && (stat.mode & 0o077) !== 0)
      try {
        chmodSync(file, 0o600);
      } catch {
        // Not ours to change, or a read-only file system: tightenDataDir says so where it can.
      }
  } else {
    createKeyFileOnce(file);
  }
  const read = readKey(file);
  return 'key' in read
    ? createKeyCipher(KEY_FILE_SCHEME, read.key, KEY_FILE_WARNING)
    : damagedKeyFileCipher(read.damage);
}
