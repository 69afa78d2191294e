import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createKeyCipher, type SecretCipher } from './sealed-secret';

export const KEY_FILE_SCHEME = 'file-aes256gcm';
export const KEY_FILE_NAME = 'vault.key';

export const KEY_FILE_WARNING =
  'No OS keychain is available, so tokens are encrypted with a key kept in a file (mode 0600) ' +
  'inside the data directory. Anyone who can read that directory can read the tokens.';

/** The last resort: a random AES key in `<dataDir>/vault.key`, readable by the owner only. */
export function createKeyFileCipher(dataDir: string): SecretCipher {
  const file = join(dataDir, KEY_FILE_NAME);
  let key: Buffer;
  if (existsSync(file)) {
    key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    if (key.byteLength !== 32) throw new Error(`${file} does not hold a 32-byte key; it may be damaged.`);
    // Repair permissions loosened by a copy or a backup tool.
    chmodSync(file, 0o600);
  } else {
    key = randomBytes(32);
    writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
  }
  return createKeyCipher(KEY_FILE_SCHEME, key, KEY_FILE_WARNING);
}
