import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { largeNotification } from '../../bench/large-documents';
import { prettyJsonTextKeepingValues } from '../../src/renderer/src/ui/pretty-json/pretty-json-text';

/** A text's tokens in order: what a layout may not change (strings whole, their spaces and all). */
function tokensOf(text: string): string[] {
  return text.match(/"(?:[^"\\]|\\.)*"|[{}[\],:]|[^\s{}[\],:"]+/g) ?? [];
}

type PrettyJson = { state: 'printed'; pretty: string | null } | { state: 'printing' };
/** The Timeline's printer; its module's types come with a Worker (DOM types), so it names what it uses. */
interface UsePrettyJsonModule {
  usePrettyJson(text: string | null): PrettyJson;
}
const { usePrettyJson } = (await import(
  '../../src/renderer/src/ui/pretty-json/use-pretty-json' as string
)) as UsePrettyJsonModule;

/** What the Timeline's body view gets from its printer for a short body (printed as it renders). */
function printedForTheTimeline(text: string): PrettyJson | undefined {
  let printed: PrettyJson | undefined;
  const Probe = () => {
    printed = usePrettyJson(text);
    return null;
  };
  renderToStaticMarkup(createElement(Probe));
  return printed;
}

/** The body the Timeline's Pretty view showed as 1754.28, 12345678901234567000, 100 and one "dup". */
const CHANGED_BY_A_READER =
  '{"order_id":"o-1", "amount":1754.280,"n":12345678901234567890,"e":1e2,"dup":1,"dup":2}';

describe('pretty JSON that keeps every value as written', () => {
  it('lays out a text whose only difference from what JSON writes is the space between tokens', () => {
    expect(prettyJsonTextKeepingValues('{ "a" : "x y\\" z",\n"b":[1, 2.5, -3e-7 ] }')).toBe(
      '{\n  "a": "x y\\" z",\n  "b": [\n    1,\n    2.5,\n    -3e-7\n  ]\n}',
    );
  });

  it('keeps every token of what it lays out: names, strings and numbers as written, in order', () => {
    const large = largeNotification(200_000);
    for (const text of [
      large,
      JSON.stringify(JSON.parse(large), null, '\t'),
      '{ "a" : {"b":[ ]}, "c":"x  y"}',
    ]) {
      const pretty = prettyJsonTextKeepingValues(text);
      expect(pretty).not.toBeNull();
      expect(tokensOf(pretty ?? '')).toEqual(tokensOf(text));
    }
  });

  it.each([
    ['digits JSON.parse drops', '{"amount":1754.280}'],
    ['a number past double precision', '{"big":12345678901234567890}'],
    ['a name given twice', '{"dup":1,"dup":2}'],
    ['an exponent written otherwise', '{"e":1e2}'],
    ['an escape written otherwise', '{"s":"\\u00e9"}'],
    ['a byte-order mark', '\uFEFF{"a":1}'],
    ['all of them, spaced', CHANGED_BY_A_READER],
  ])('leaves a text alone where laying it out would change what it says: %s', (_, text) => {
    expect(prettyJsonTextKeepingValues(text)).toBeNull();
  });

  it('leaves what is not JSON alone', () => {
    expect(prettyJsonTextKeepingValues('{"a":')).toBeNull();
    expect(prettyJsonTextKeepingValues('  ')).toBeNull();
  });
});

describe("the Timeline's Pretty view", () => {
  // Its printer was JSON.parse then JSON.stringify: 1754.280 read 1754.28 and one "dup" of two
  // was shown. Then such a body was offered Raw only, which hid Pretty from every notification
  // writing an amount with its decimals (230.00). Now every token is laid out as written.
  it('lays every body out with each value and each name as written', () => {
    expect(printedForTheTimeline(CHANGED_BY_A_READER)).toEqual({
      state: 'printed',
      pretty:
        '{\n  "order_id": "o-1",\n  "amount": 1754.280,\n  "n": 12345678901234567890,\n  "e": 1e2,\n  "dup": 1,\n  "dup": 2\n}',
    });
    expect(printedForTheTimeline('{"amount":1754.28,"dup":[1,2]}')).toEqual({
      state: 'printed',
      pretty: '{\n  "amount": 1754.28,\n  "dup": [\n    1,\n    2\n  ]\n}',
    });
  });

  it('keeps every token of a large body a JSON reader would change', () => {
    const large = largeNotification(200_000).replace(/("amount":\s*)"?(\d+)\.(\d+)"?/g, '$1$2.$30');
    const pretty = printedForTheTimeline(large);
    expect(pretty?.state).toBe('printed');
    const text = pretty?.state === 'printed' ? pretty.pretty : null;
    expect(text).not.toBeNull();
    expect(tokensOf(text ?? '')).toEqual(tokensOf(large));
  });

  it('offers none for what is not JSON, or what only JSON.parse takes (a byte-order mark)', () => {
    expect(printedForTheTimeline('{"a":')).toEqual({ state: 'printed', pretty: null });
    expect(printedForTheTimeline('\uFEFF{"a":1}')).toEqual({ state: 'printed', pretty: null });
  });
});
