import { PROFILE_NAME_MAX_LENGTH } from '../../shared/profile';

/** The first `length` UTF-16 units of a text, never cutting a surrogate pair in two. */
const shortenedTo = (text: string, length: number): string => {
  const cut = text.slice(0, length);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
};

// The copy's name fits the name's limit: the base gives way to " copy N" (a 62-character
// name once made a 67-character copy, which every list of profiles then refused).
export const unusedCopyName = (base: string, nameClash: (candidate: string) => unknown): string => {
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? ' copy' : ` copy ${n}`;
    const room = PROFILE_NAME_MAX_LENGTH - suffix.length;
    const kept = base.length <= room ? base : shortenedTo(base, room).trimEnd();
    const candidate = `${kept}${suffix}`;
    if (nameClash(candidate) === undefined) return candidate;
  }
};
