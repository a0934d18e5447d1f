/**
 * From a registry entry's remote and what the person filled in, the custom server Patchbay
 * adds: URL variables (`{region}`) filled in, headers with their values. Every value the
 * publisher did not fix is the person's; required ones must be given, a value with `choices`
 * must be one of them, and nothing the person typed may change the URL's host by way of a
 * variable (a variable fills part of a path or a subdomain the publisher wrote, no more).
 * The result then goes through the same checks as a server added by hand.
 */
import type { AddServerPayload } from '../messaging/contract';
import type { RegistryEntry, RegistryInput, RegistryRemote } from './registry-entry';

/** What the form asks for one remote: its URL variables, then its headers, by key. */
export interface InstallField {
  /** `var:region` or `header:X-Api-Key`. */
  key: string;
  label: string;
  input: RegistryInput;
}

export function installFields(remote: RegistryRemote): InstallField[] {
  return [
    ...Object.entries(remote.variables)
      .filter(([, input]) => input.value === undefined)
      .map(([name, input]) => ({ key: `var:${name}`, label: name, input })),
    ...remote.headers
      .filter((header) => header.value === undefined)
      .map((header) => ({ key: `header:${header.name}`, label: header.name, input: header })),
  ];
}

export type InstallResult =
  { ok: true; payload: AddServerPayload } | { ok: false; field: string; message: string };

/** A variable's value: safe in a URL (no `/`, `@`, `?`, `#`, `:` or spaces), or undefined. */
const URL_SAFE = /^[A-Za-z0-9._~-]+$/;

function valueOf(
  field: { key: string; label: string; input: RegistryInput },
  values: Record<string, string>,
): { value?: string; error?: string } {
  const given = values[field.key]?.trim();
  const value = given || field.input.value || field.input.default || '';
  if (!value) {
    return field.input.isRequired ? { error: `Enter ${field.label}.` } : {};
  }
  const { choices } = field.input;
  if (choices?.length && !choices.includes(value))
    return { error: `${field.label} must be one of: ${choices.join(', ')}.` };
  return { value };
}

/** The server to add for `remote` of `entry`, or the first field that needs the person. */
export function installPayload(
  entry: RegistryEntry,
  remote: RegistryRemote,
  values: Record<string, string>,
): InstallResult {
  let url = remote.url;
  for (const [name, input] of Object.entries(remote.variables)) {
    const key = `var:${name}`;
    const { value, error } = valueOf({ key, label: name, input }, values);
    if (error) return { ok: false, field: key, message: error };
    if (value === undefined) continue;
    if (!URL_SAFE.test(value))
      return {
        ok: false,
        field: key,
        message: `${name} may hold letters, digits, dots, dashes, underscores and tildes only.`,
      };
    url = url.split(`{${name}}`).join(value);
  }
  if (/\{[A-Za-z_][A-Za-z0-9_]*\}/.test(url))
    return {
      ok: false,
      field: 'url',
      message: `The registry's address for ${entry.title} has a part it does not describe (${url}).`,
    };
  const headers: { key: string; value: string }[] = [];
  for (const header of remote.headers) {
    const key = `header:${header.name}`;
    const { value, error } = valueOf({ key, label: header.name, input: header }, values);
    if (error) return { ok: false, field: key, message: error };
    if (value !== undefined) headers.push({ key: header.name, value });
  }
  return {
    ok: true,
    payload: { name: entry.title, url, ...(headers.length ? { headers } : {}) },
  };
}
