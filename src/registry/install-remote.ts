/**
 * From a registry entry's remote and what the person filled in, the custom server Patchbay
 * adds: its name, URL variables (`{region}`) filled in, headers with their values (a fixed
 * value's own `{variables}` too: "Bearer {api_key}"). Every value the publisher did not fix is
 * the person's; required ones must be given, a value with `choices` must be one of them, and
 * nothing the person typed may change the URL's host by way of a variable (a variable fills part
 * of a path or a subdomain the publisher wrote, no more). Registry servers are added over https
 * (or plain http to this machine) only: the entry is untrusted, and plain http to a network
 * address is the person's own choice, made by hand. The result then goes through the same checks as a server added by hand.
 */
import type { AddServerPayload } from '../messaging/contract';
import { isLoopbackHost } from '../net/private-network';
import type { RegistryEntry, RegistryInput, RegistryRemote } from './registry-entry';

/** https, or plain http to this machine (a registry of one's own servers, in development). */
function isHttpsOrThisMachine(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
  } catch {
    return false;
  }
}

/** What the form asks for one remote, by key: `name`, `var:region`, `header:X-Api-Key`,
 * `header:Authorization:api_key` (a variable of a header's fixed value). */
export interface InstallField {
  key: string;
  label: string;
  input: RegistryInput;
}

/** The most characters a server's name may have (as for one added by hand). */
const MAX_NAME = 60;

export function installFields(entry: RegistryEntry, remote: RegistryRemote): InstallField[] {
  return [
    {
      key: 'name',
      label: 'Name',
      input: { isRequired: true, isSecret: false, default: entry.title.slice(0, MAX_NAME) },
    },
    ...Object.entries(remote.variables)
      .filter(([, input]) => input.value === undefined)
      .map(([name, input]) => ({ key: `var:${name}`, label: name, input })),
    ...remote.headers.flatMap((header) =>
      header.value === undefined
        ? [{ key: `header:${header.name}`, label: header.name, input: header }]
        : Object.entries(header.variables).map(([name, input]) => ({
            key: `header:${header.name}:${name}`,
            label: `${header.name}: ${name}`,
            input,
          })),
    ),
  ];
}

export type InstallResult =
  { ok: true; payload: AddServerPayload } | { ok: false; field: string; message: string };

/** A variable's value: safe in a URL (no `/`, `@`, `?`, `#`, `:` or spaces), or undefined. */
const URL_SAFE = /^[A-Za-z0-9._~-]+$/;
const UNFILLED = /\{[A-Za-z_][A-Za-z0-9_]*\}/;

function valueOf(
  field: InstallField,
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

/** `template` with each `{name}` replaced by its value (the first missing one is an error). */
function fill(
  template: string,
  variables: Record<string, RegistryInput>,
  keyOf: (name: string) => string,
  values: Record<string, string>,
  check?: (name: string, value: string) => string | undefined,
): { text: string } | { field: string; message: string } {
  let text = template;
  for (const [name, input] of Object.entries(variables)) {
    const key = keyOf(name);
    const { value, error } = valueOf({ key, label: name, input }, values);
    if (error) return { field: key, message: error };
    if (value === undefined) continue;
    const refused = check?.(name, value);
    if (refused) return { field: key, message: refused };
    text = text.split(`{${name}}`).join(value);
  }
  return { text };
}

/** The server to add for `remote` of `entry`, or the first field that needs the person. */
export function installPayload(
  entry: RegistryEntry,
  remote: RegistryRemote,
  values: Record<string, string>,
): InstallResult {
  const name = (values.name ?? entry.title).trim();
  if (!name) return { ok: false, field: 'name', message: 'Give the server a name.' };
  const url = fill(
    remote.url,
    remote.variables,
    (variable) => `var:${variable}`,
    values,
    (variable, value) =>
      URL_SAFE.test(value)
        ? undefined
        : `${variable} may hold letters, digits, dots, dashes, underscores and tildes only.`,
  );
  if ('field' in url) return { ok: false, ...url };
  if (UNFILLED.test(url.text))
    return {
      ok: false,
      field: 'url',
      message: `The registry's address for ${entry.title} has a part it does not describe (${url.text}).`,
    };
  if (!isHttpsOrThisMachine(url.text))
    return {
      ok: false,
      field: 'url',
      message: `${entry.title} is listed at a plain http address (${url.text}); Patchbay adds registry servers over https only. Add it by hand if it runs on your own network.`,
    };
  const headers: { key: string; value: string }[] = [];
  for (const header of remote.headers) {
    if (header.value === undefined) {
      const key = `header:${header.name}`;
      const { value, error } = valueOf({ key, label: header.name, input: header }, values);
      if (error) return { ok: false, field: key, message: error };
      if (value !== undefined) headers.push({ key: header.name, value });
      continue;
    }
    const filled = fill(
      header.value,
      header.variables,
      (variable) => `header:${header.name}:${variable}`,
      values,
    );
    if ('field' in filled) return { ok: false, ...filled };
    if (UNFILLED.test(filled.text)) continue; // an optional part left out: no such header
    headers.push({ key: header.name, value: filled.text });
  }
  return { ok: true, payload: { name, url: url.text, ...(headers.length ? { headers } : {}) } };
}
