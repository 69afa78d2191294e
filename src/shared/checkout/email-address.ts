import { characterCount } from './text-length';

/**
 * Whether a text is an e-mail address as mail systems accept it (RFC 5321/5322 addresses, with
 * the internationalised forms of RFC 6531): a dot-atom or quoted local part, and a domain of at
 * least two labels (letters of any script, digits, hyphens; A-labels such as `xn--mgbaam7a8h`
 * included) or an address literal. `a!b@example.com` and `user@example.xn--mgbaam7a8h` are
 * addresses; `a@b`, `a..b@example.com` and `a@-example.com` are not.
 */

/** RFC 5322 atext, plus any non-ASCII character (RFC 6531). */
const ATOM = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~\u0080-\u{10FFFF}-]+$/u;
/** A quoted local part: printable ASCII, with `"` and `\` only escaped. */
const QUOTED = /^"(?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\[\x20-\x7e])*"$/;
const LABEL = /^[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]{0,61}[\p{L}\p{M}\p{N}])?$/u;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const IPV6 = /^IPv6:[0-9A-Fa-f:.]+$/;

/** DNS's own bound on a name. The spec sets no length for an address (the education form: 128). */
const MAX_DOMAIN = 253;

function isLocalPart(local: string): boolean {
  if (local === '') return false;
  if (local.startsWith('"')) return QUOTED.test(local);
  return local.split('.').every((atom) => ATOM.test(atom));
}

function isDomain(domain: string): boolean {
  if (domain.startsWith('[') && domain.endsWith(']')) {
    const literal = domain.slice(1, -1);
    return IPV4.test(literal) || IPV6.test(literal);
  }
  if (characterCount(domain) > MAX_DOMAIN) return false;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return false;
  // A top-level domain is never all digits (that would be an IPv4 address without brackets).
  return !/^\d+$/.test(labels[labels.length - 1] ?? '');
}

export function isEmailAddress(value: string): boolean {
  const at = value.lastIndexOf('@');
  if (at <= 0) return false;
  return isLocalPart(value.slice(0, at)) && isDomain(value.slice(at + 1));
}
