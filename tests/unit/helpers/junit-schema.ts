import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const JUNIT_XSD = join(import.meta.dirname, '..', '..', 'fixtures', 'junit.xsd');

/** xmllint's verdict on an XML text against the JUnit schema: null when valid, else its complaint. */
export function junitSchemaErrors(xml: string, dir: string): string | null {
  const file = join(dir, 'report.xml');
  writeFileSync(file, xml);
  try {
    execFileSync('xmllint', ['--noout', '--schema', JUNIT_XSD, file], { stdio: 'pipe' });
    return null;
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  }
}
