/**
 * Where the secrets are in what a backup holds, to take them out (blanked in the clear part,
 * kept apart for encryption) and put them back. A secret's address is its storage key and its
 * path in the value, joined with U+0000 (a character no key or name holds).
 */
import { MODEL_CHOICE_KEY } from '../models/model-choice';
import { BROWSER_ACCESS_SETTINGS_KEY } from '../browser-access/settings';
import { storageKeys } from '../mcp/storage-keys';
import type { SecretMap } from './backup-format';

const SEP = '\u0000';
type Json = Record<string, unknown>;
/** Visits the secrets of one value: `swap` gets each one's path and value and returns its new value. */
type SecretRule = (value: unknown, secret: (path: string[], current: unknown) => unknown) => void;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Applies `swap` to the field `name` of `record`, where present, writing back what it returns. */
function field(
  record: unknown,
  name: string,
  path: string[],
  swap: (path: string[], current: unknown) => unknown,
) {
  if (isRecord(record) && name in record) record[name] = swap(path, record[name]);
}

const customServers: SecretRule = (value, swap) => {
  if (!Array.isArray(value)) return;
  for (const server of value) {
    if (!isRecord(server) || typeof server.id !== 'string') continue;
    if (Array.isArray(server.headers))
      for (const header of server.headers)
        if (isRecord(header) && typeof header.key === 'string')
          field(header, 'value', [server.id, 'header', header.key], swap);
    field(server.oauth, 'clientSecret', [server.id, 'clientSecret'], swap);
  }
};

const modelChoice: SecretRule = (value, swap) => {
  if (!isRecord(value) || !isRecord(value.providers)) return;
  for (const [provider, settings] of Object.entries(value.providers))
    field(settings, 'apiKey', [provider, 'apiKey'], swap);
};

const registration: SecretRule = (value, swap) =>
  field(value, 'client_secret', ['client_secret'], swap);
const relayLink: SecretRule = (value, swap) =>
  isRecord(value) ? field(value.link, 'token', ['link', 'token'], swap) : undefined;

function ruleFor(key: string): SecretRule | undefined {
  if (key === storageKeys.customServers) return customServers;
  if (key === MODEL_CHOICE_KEY) return modelChoice;
  if (key === BROWSER_ACCESS_SETTINGS_KEY) return relayLink;
  if (/^oauth\..+\.client$/.test(key)) return registration;
  return undefined;
}

/**
 * Splits stored values into the clear part (each secret an empty string) and the secrets by
 * address. Empty secrets are not secrets.
 */
export function takeSecrets(storage: Json): { clear: Json; secrets: SecretMap } {
  const clear = structuredClone(storage);
  const secrets: SecretMap = {};
  for (const [key, value] of Object.entries(clear)) {
    ruleFor(key)?.(value, (path, current) => {
      if (typeof current !== 'string' || current === '') return current;
      secrets[[key, ...path].join(SEP)] = current;
      return '';
    });
  }
  return { clear, secrets };
}

/** Puts secrets back where {@link takeSecrets} took them from; absent ones stay blank. */
export function putSecrets(clear: Json, secrets: SecretMap): Json {
  const storage = structuredClone(clear);
  for (const [key, value] of Object.entries(storage)) {
    ruleFor(key)?.(value, (path, current) => secrets[[key, ...path].join(SEP)] ?? current);
  }
  return storage;
}

/** The names of a server's headers that have no value: what the person enters again. */
export function headerNamesWithoutValue(server: unknown): string[] {
  if (!isRecord(server) || !Array.isArray(server.headers)) return [];
  return server.headers.flatMap((header) =>
    isRecord(header) && typeof header.key === 'string' && !header.value ? [header.key] : [],
  );
}
