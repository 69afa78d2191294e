import { createRequire } from 'node:module';
import type * as XmlBuilder2Module from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';

type XmlBuilder2 = typeof XmlBuilder2Module;

let loaded: XmlBuilder2 | null = null;

/**
 * A new XML 1.0 document for a JUnit report, with every value escaped by xmlbuilder2 and
 * characters XML cannot hold replaced. xmlbuilder2 is loaded on first use: it costs about
 * 0.2 s to load, which every other CLI command would otherwise pay at start.
 */
export function createXmlDocument(): XMLBuilder {
  loaded ??= createRequire(import.meta.url)('xmlbuilder2') as XmlBuilder2;
  return loaded.create({ version: '1.0', encoding: 'UTF-8', invalidCharReplacement: '\ufffd' });
}
