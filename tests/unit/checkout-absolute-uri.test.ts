import { describe, expect, it } from 'vitest';
import { generateSample } from '../../src/shared/checkout/sample';
import { isAbsoluteUri, isAbsoluteUriUncached } from '../../src/shared/checkout/absolute-uri';
import { validateCheckout } from '../../src/shared/checkout/validate';
import { fixture, setAt } from './helpers/checkout-payloads';
import { prng } from './helpers/prng';

/**
 * isAbsoluteUri keeps each text's answer (a merchant sends the same URLs request after request,
 * issue 20): every answer, first asked, asked again and asked after the kept answers were emptied,
 * must be the parse's own.
 */

/** Every string of a payload, at any depth (the URLs among them). */
function stringsOf(node: unknown, found: string[] = []): string[] {
  if (typeof node === 'string') found.push(node);
  else if (typeof node === 'object' && node !== null)
    for (const value of Object.values(node)) stringsOf(value, found);
  return found;
}

const CHOSEN = [
  'https://shop.example.com/checkout/success',
  'myapp://checkout/done',
  'https://shop.example.com/a b',
  'https://',
  'http://[::1]:4010/x',
  'http://[::1/x',
  'https://exa mple.com',
  'mailto:someone@example.com',
  '1https://example.com',
  'https://example.com:99999/',
  'https://example.com:65535/',
  ' https://example.com',
  'https://example.com\n',
  '',
  'x:y',
  `https://example.com/${'a'.repeat(600)}`,
  `https://exa mple.com/${'a'.repeat(600)}`,
];

/** Each text changed a character at a time: cut, doubled, a space or a bracket put in. */
function mutated(text: string, random: ReturnType<typeof prng>): string[] {
  const at = Math.floor(random.next() * (text.length + 1));
  const inserts = [' ', '[', ']', '%', ':', '/', '\u00e9', '\u0000', '#', '?', '@'];
  const insert = inserts[Math.floor(random.next() * inserts.length)] ?? ' ';
  return [text.slice(0, at), text.slice(at), `${text.slice(0, at)}${insert}${text.slice(at)}`, text + text];
}

describe('isAbsoluteUri with kept answers', () => {
  const random = prng(20);
  const samples = [
    ...CHOSEN,
    ...stringsOf(fixture('general')),
    ...stringsOf(fixture('education')),
    ...stringsOf(generateSample('general')),
    ...stringsOf(generateSample('education')),
  ];
  const texts = [...samples, ...samples.flatMap((text) => mutated(text, random))];

  it('answers as the parse does, first asked and asked again, over valid and invalid texts', () => {
    const answers = texts.map((text) => isAbsoluteUriUncached(text));
    // Both answers are met in numbers, so agreement is not one answer given to everything.
    expect(answers.filter(Boolean).length).toBeGreaterThan(20);
    expect(answers.filter((answer) => !answer).length).toBeGreaterThan(100);
    expect(texts.map((text) => isAbsoluteUri(text))).toEqual(answers);
    expect(texts.map((text) => isAbsoluteUri(text))).toEqual(answers);
    // Past its bound the memory is emptied; the answers stay the parse's.
    for (let index = 0; index < 2000; index++) isAbsoluteUri(`https://example.com/${index}`);
    expect(texts.map((text) => isAbsoluteUri(text))).toEqual(answers);
  });

  it('keeps the validator’s invalid_uri finding for a URL judged valid before', () => {
    const payload = fixture('general');
    const good = validateCheckout(payload, { form: 'general' });
    expect(good.filter((finding) => finding.code === 'invalid_uri')).toEqual([]);
    setAt(payload, 'merchant_url.success', 'https://shop.example.com/checkout/ success');
    const codes = validateCheckout(payload, { form: 'general' }).map((finding) => finding.code);
    expect(codes).toContain('invalid_uri');
  });
});
