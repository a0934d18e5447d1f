import type { AddServerPayload } from '../messaging/contract';
import type { ServerConfig } from './catalog';
import { validateCustomServerInput } from './custom-server-input';
import { invalidInput, PatchbayError } from '../errors/patchbay-error';

export interface ImportEntry {
  name: string;
  /** What will be added, when the entry is valid. */
  payload?: AddServerPayload;
  /** Why the entry cannot be added. */
  error?: string;
}

/**
 * Reads the `mcpServers` JSON desktop clients use (Claude Desktop, Cursor, VS Code's `servers`),
 * for remote servers: `{ "mcpServers": { "name": { "url", "type"?, "headers"? } } }`. Each entry
 * is checked as the custom-server form would check it, against `existing` and the entries
 * before it, so the preview shows exactly what will and will not be added.
 */
export function parseServerImport(
  text: string,
  existing: readonly Pick<ServerConfig, 'name' | 'url'>[],
): ImportEntry[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new PatchbayError(
      'invalid-input',
      `This is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
      { field: 'file', cause: error },
    );
  }
  const map = serverMap(parsed);
  const accepted: Pick<ServerConfig, 'name' | 'url'>[] = [...existing];
  return Object.entries(map).map(([name, raw]): ImportEntry => {
    if (!isRecord(raw)) return { name, error: 'The entry is not an object.' };
    if (typeof raw.command === 'string') {
      return {
        name,
        error:
          'This runs a local program (stdio); Patchbay connects to remote servers by URL only.',
      };
    }
    const url =
      typeof raw.url === 'string'
        ? raw.url
        : typeof raw.serverUrl === 'string'
          ? raw.serverUrl
          : undefined;
    if (!url) return { name, error: 'The entry has no "url".' };
    const headers = isRecord(raw.headers)
      ? Object.entries(raw.headers).map(([key, value]) => ({ key, value: String(value) }))
      : [];
    const payload: AddServerPayload = { name, url, ...(headers.length ? { headers } : {}) };
    try {
      const fields = validateCustomServerInput(
        payload,
        accepted.map((server) => ({
          ...server,
          id: '',
          description: '',
          requiresAuthentication: false,
          isCustom: true,
        })),
      );
      accepted.push({ name: fields.name, url: fields.url });
      return { name, payload };
    } catch (error) {
      return { name, error: error instanceof Error ? error.message : String(error) };
    }
  });
}

function serverMap(parsed: unknown): Record<string, unknown> {
  if (!isRecord(parsed)) throw invalidInput('file', 'Expected a JSON object with "mcpServers".');
  if (parsed.format === 'patchbay-backup')
    throw invalidInput('file', 'This is a Patchbay backup: restore it in Settings › Backup.');
  if (isRecord(parsed.mcpServers)) return parsed.mcpServers;
  if (isRecord(parsed.servers)) return parsed.servers;
  const values = Object.values(parsed);
  if (
    values.length > 0 &&
    values.every((value) => isRecord(value) && ('url' in value || 'command' in value))
  )
    return parsed;
  throw invalidInput(
    'file',
    'Expected a JSON object with "mcpServers" (or "servers"), mapping names to { "url": … }.',
  );
}

/** Custom servers in the `mcpServers` shape, with header values replaced by placeholders. */
export function exportServers(servers: readonly ServerConfig[]): {
  mcpServers: Record<string, unknown>;
} {
  return {
    mcpServers: Object.fromEntries(
      servers
        .filter((server) => server.isCustom)
        .map((server) => [
          server.name,
          {
            type: server.transport === 'sse' ? 'sse' : 'http',
            url: server.url,
            ...(server.headers?.length
              ? { headers: Object.fromEntries(server.headers.map(({ key }) => [key, `<${key}>`])) }
              : {}),
          },
        ]),
    ),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
