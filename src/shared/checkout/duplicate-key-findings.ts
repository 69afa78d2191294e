import { findDuplicateKeys, type DuplicateKey } from '../json-duplicate-keys';
import { formatJsonPath } from '../json-path';
import type { RawFinding } from './findings';

const RULE = 'JSON (RFC 8259): the names within an object should be unique';

/**
 * A name given twice in one object of the request text: JSON.parse keeps the last, so the
 * value the console judges may not be the one another reader (the service) takes. A warning
 * wherever a text is judged: the builder, `validate`, the emulator and the listener.
 */
export function duplicateKeyFindings(text: string): RawFinding[] {
  return duplicateKeyFindingsOf(findDuplicateKeys(text));
}

/** The same findings from a scan already made (validate.ts reads the text once for every check). */
export function duplicateKeyFindingsOf(duplicates: readonly DuplicateKey[]): RawFinding[] {
  return duplicates.map(({ path, count }) => ({
    severity: 'warning',
    path,
    code: 'duplicate_key',
    rule: RULE,
    message: `${formatJsonPath(path)} is given ${count} times in one object; only the last one counts here, and another reader may take another.`,
  }));
}
