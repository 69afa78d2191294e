import type { ProfileFields } from '../../shared/profile';
import { profileNamed } from '../../shared/profile-name';
import type { SqliteDatabase } from './connection';
import {
  nameAsRead,
  readProfileRow,
  sealedAsRead,
  type DamagedProfileField,
  type ProfileRow,
} from './stored-profile-row';

/** A profile as stored: plain fields, and secrets still sealed. */
export interface StoredProfile {
  id: number;
  fields: ProfileFields;
  apiTokenSealed: string | null;
  notificationTokenSealed: string | null;
  createdAt: string;
  updatedAt: string;
  /** Each column that could not be read (its field then holds its default), named. */
  damaged: DamagedProfileField[];
}

export interface ProfileWrite {
  fields: ProfileFields;
  apiTokenSealed: string | null;
  notificationTokenSealed: string | null;
}

function toStored(row: ProfileRow): StoredProfile {
  return { id: row.id, ...readProfileRow(row) };
}

function toParams(write: ProfileWrite) {
  const { fields } = write;
  return {
    name: fields.name,
    environment: fields.environment,
    base_url: fields.baseUrl,
    listener_port: fields.listenerPort,
    public_listener_url: fields.publicListenerUrl,
    notification_field: fields.notificationField,
    operations: JSON.stringify(fields.operations),
    signed_token_minutes: fields.signedTokenMinutes,
    api_token_sealed: write.apiTokenSealed,
    notification_token_sealed: write.notificationTokenSealed,
  };
}

export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;

export function createProfilesRepository(db: SqliteDatabase) {
  const statements = {
    list: db.prepare<[], ProfileRow>('SELECT * FROM profiles ORDER BY sort_order, id'),
    sealedTokens: db.prepare<
      [],
      Pick<ProfileRow, 'id' | 'name' | 'api_token_sealed' | 'notification_token_sealed'>
    >('SELECT id, name, api_token_sealed, notification_token_sealed FROM profiles ORDER BY sort_order, id'),
    byId: db.prepare<[number], ProfileRow>('SELECT * FROM profiles WHERE id = ?'),
    count: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM profiles'),
    insert: db.prepare(`INSERT INTO profiles
      (name, environment, base_url, listener_port, public_listener_url, notification_field, operations,
       signed_token_minutes, api_token_sealed, notification_token_sealed, sort_order, created_at, updated_at)
      VALUES (@name, @environment, @base_url, @listener_port, @public_listener_url, @notification_field,
       @operations, @signed_token_minutes, @api_token_sealed, @notification_token_sealed,
       (SELECT coalesce(max(sort_order), 0) + 1 FROM profiles), @now, @now)`),
    update: db.prepare(`UPDATE profiles SET name = @name, environment = @environment, base_url = @base_url,
      listener_port = @listener_port, public_listener_url = @public_listener_url,
      notification_field = @notification_field, operations = @operations,
      signed_token_minutes = @signed_token_minutes, api_token_sealed = @api_token_sealed,
      notification_token_sealed = @notification_token_sealed, updated_at = @now WHERE id = @id`),
    remove: db.prepare<[number]>('DELETE FROM profiles WHERE id = ?'),
    // Re-sealing changes how a token is stored, not the profile: updated_at stays.
    updateSealed: db.prepare<[string | null, string | null, number]>(
      'UPDATE profiles SET api_token_sealed = ?, notification_token_sealed = ? WHERE id = ?',
    ),
  };

  return {
    list(): StoredProfile[] {
      return statements.list.all().map(toStored);
    },
    /**
     * Each profile's name and sealed tokens, nothing parsed: what the masking of every pushed
     * timeline row reads again (a token set by another process is masked at once), a few
     * microseconds where `list` spends some thirty parsing every field of every profile.
     */
    sealedTokens(): {
      name: string;
      apiTokenSealed: string | null;
      notificationTokenSealed: string | null;
    }[] {
      // Read as `list` reads them (stored-profile-row.ts), without the words: a hot path.
      return statements.sealedTokens.all().map((row) => ({
        name: nameAsRead(row.name, row.id),
        apiTokenSealed: sealedAsRead(row.api_token_sealed),
        notificationTokenSealed: sealedAsRead(row.notification_token_sealed),
      }));
    },
    get(id: number): StoredProfile | undefined {
      const row = statements.byId.get(id);
      return row === undefined ? undefined : toStored(row);
    },
    /** By profileNamed, not SQLite's NOCASE (A-Z only), so a lookup reads names as a clash does. */
    findByName(name: string): StoredProfile | undefined {
      const all = statements.list.all().map(toStored);
      return profileNamed(
        name,
        all.map((stored) => ({ name: stored.fields.name, stored })),
      )?.stored;
    },
    count(): number {
      return statements.count.get()?.n ?? 0;
    },
    insert(write: ProfileWrite): number {
      const result = statements.insert.run({ ...toParams(write), now: new Date().toISOString() });
      return Number(result.lastInsertRowid);
    },
    update(id: number, write: ProfileWrite): void {
      statements.update.run({ ...toParams(write), id, now: new Date().toISOString() });
    },
    remove(id: number): boolean {
      return statements.remove.run(id).changes > 0;
    },
    updateSealed(id: number, apiTokenSealed: string | null, notificationTokenSealed: string | null): void {
      statements.updateSealed.run(apiTokenSealed, notificationTokenSealed, id);
    },
  };
}
