/**
 * What sync carries: one record per server (`server.{id}`) and per setting (`setting.{key}`),
 * each stamped with when and on which browser it last changed. Never a secret: a server's
 * record holds its header names, not their values, and its OAuth client id, not its secret.
 */
import { canonicalJson } from '../backup/backup-digest';

/** A server's synced part. Custom servers carry their address; built-in ones only switches. */
export interface ServerRecord {
  name?: string;
  url?: string;
  /** Header names; their values stay in the browser they were entered in. */
  headers?: string[];
  transport?: 'streamable-http' | 'sse';
  clientId?: string;
  scopes?: string[];
  enabled: boolean;
  disabledTools: string[];
}

/** A record's value, or that it was removed (a tombstone). */
export type RecordBody = { value: unknown } | { deleted: true };

/** A record with when (`at`, ms since the epoch) and where (`by`, a browser's id) it changed. */
export type Stamped = RecordBody & { at: number; by: string };

export const SERVER_RECORD = 'server.';
export const SETTING_RECORD = 'setting.';

export const serverRecordKey = (id: string) => `${SERVER_RECORD}${id}`;
export const settingRecordKey = (key: string) => `${SETTING_RECORD}${key}`;

/** A body's fingerprint: equal bodies, equal fingerprints, whatever their keys' order. */
export function fingerprint(body: RecordBody): string {
  return 'deleted' in body ? 'deleted' : canonicalJson(body.value);
}

/** Tombstones older than this are forgotten (a browser away longer brings its server back). */
export const TOMBSTONE_DAYS = 30;
