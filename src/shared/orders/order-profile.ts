import type { OrderRecord } from './order-record';
import { operationOf } from './order-record';

/**
 * The profile an order belongs to, and the record that says so. Profiles are different merchant
 * accounts or environments (Local, Sandbox, Live): a notification verified under another
 * profile's token, or an answer from another profile's base URL, is another service speaking,
 * never this order's (DESIGN.md, "Provenance"). The order is its create-checkout call's profile
 * (the merchant chose it there), else the profile of its first evidence (a verified notification
 * or an answer), for an order this console did not create. Null when no record says.
 */
export interface OrderProfile {
  profileId: number | null;
  profileName: string | null;
  recordId: number;
  basis: 'create' | 'evidence';
}

type ProfileOf = Pick<OrderRecord, 'profileId' | 'profileName'>;

/** The service's word that could date the order's profile: a verified notification, an answer. */
const speaksForService = (record: OrderRecord): boolean =>
  record.kind === 'webhook' ? record.tokenVerdict === 'valid' : record.status !== null;

const hasProfile = (record: ProfileOf): boolean => record.profileId !== null || record.profileName !== null;

/** `evidence`: the order's records that are the service's own (isEvidence), oldest first. */
export function orderProfileOf(evidence: readonly OrderRecord[]): OrderProfile | null {
  const create = evidence.find(
    (record) => record.kind === 'request' && operationOf(record) === 'createCheckout' && hasProfile(record),
  );
  if (create !== undefined)
    return {
      profileId: create.profileId,
      profileName: create.profileName,
      recordId: create.id,
      basis: 'create',
    };
  const first = evidence.find((record) => speaksForService(record) && hasProfile(record));
  return first === undefined
    ? null
    : { profileId: first.profileId, profileName: first.profileName, recordId: first.id, basis: 'evidence' };
}

/**
 * Whether `record` came under another profile than the order's. The id decides (a renamed
 * profile keeps it); without one on either side, the name, as History's profile filter matches
 * it (case-insensitively). A record that names no profile is not judged another's.
 */
export function isAnotherProfiles(record: ProfileOf, profile: OrderProfile | null): boolean {
  if (profile === null) return false;
  if (record.profileId !== null && profile.profileId !== null) return record.profileId !== profile.profileId;
  if (record.profileName === null || profile.profileName === null) return false;
  return record.profileName.toLowerCase() !== profile.profileName.toLowerCase();
}

/** Whose a record of another profile's is, as `orders show`'s WHOSE and the Orders view mark it. */
export const otherProfileWord = (profileName: string): string => `another profile's: ${profileName}`;

/**
 * Whether the service's record `record` is another profile's word about the order: it came under
 * another profile (isAnotherProfiles) and would otherwise be read as the service's, a notification
 * whose token verified or a call. A notification whose token did not verify is no one's word
 * already, and says why in its own terms (the profile its token was judged against).
 */
export function speaksForAnotherProfile(record: OrderRecord, profile: OrderProfile | null): boolean {
  if (record.kind === 'webhook' && record.tokenVerdict !== 'valid') return false;
  return isAnotherProfiles(record, profile);
}

/** Which record made the order this profile's, in words: `its create-checkout call, #2`. */
export function orderProfileBasisWords(profile: OrderProfile): string {
  return `${profile.basis === 'create' ? 'its create-checkout call' : 'its first evidence'}, #${profile.recordId}`;
}
