/**
 * Checks every value a backup would restore against what Patchbay reads there, so a file that
 * passes its checksum but holds what no Patchbay wrote is refused whole, before anything is
 * written.
 */
import { z } from 'zod';
import { MODEL_CHOICE_KEY } from '../models/model-choice';
import { retentionSchema, CHAT_RETENTION_KEY } from '../chat/retention';
import type { ServerConfig } from '../mcp/catalog';
import { validateCustomServerInput } from '../mcp/custom-server-input';
import { storageKeys } from '../mcp/storage-keys';
import { APPROVALS, ROUTINES } from './backup-key-names';
import { damaged } from './backup-crypto';

const customServerSchema = z
  .object({
    id: z.string().regex(/^custom-[\w-]{1,60}$/),
    name: z.string(),
    url: z.string(),
    description: z.string(),
    requiresAuthentication: z.boolean(),
    isCustom: z.literal(true),
    headers: z.array(z.object({ key: z.string(), value: z.string() })).optional(),
    iconDataUrl: z.string().optional(),
    oauth: z
      .object({
        clientId: z.string().optional(),
        clientSecret: z.string().optional(),
        scopes: z.array(z.string()).optional(),
      })
      .optional(),
    transport: z.enum(['streamable-http', 'sse']).optional(),
  })
  .strict();

/** The custom servers of a backup, each checked as the Add server form checks one. */
export function checkedServers(value: unknown): ServerConfig[] {
  const parsed = z.array(customServerSchema).safeParse(value ?? []);
  if (!parsed.success) throw damaged('its servers are not valid');
  const servers: ServerConfig[] = parsed.data.map((server) => {
    const { headers, iconDataUrl, oauth, transport, ...rest } = server;
    return {
      ...rest,
      ...(headers ? { headers } : {}),
      ...(iconDataUrl ? { iconDataUrl } : {}),
      ...(oauth ? { oauth: withoutUndefined(oauth) } : {}),
      ...(transport ? { transport } : {}),
    };
  });
  servers.forEach((server, index) => {
    try {
      // Header values may be left out of the file: their rules are checked with a stand-in.
      validateCustomServerInput(
        {
          name: server.name,
          url: server.url,
          headers: (server.headers ?? []).map(({ key }) => ({ key, value: 'x' })),
          ...(server.iconDataUrl ? { iconDataUrl: server.iconDataUrl } : {}),
        },
        servers.slice(0, index),
      );
    } catch (error) {
      throw damaged(`its server “${server.name.slice(0, 60)}”: ${messageOf(error)}`, error);
    }
  });
  return servers;
}

const boolean = z.boolean();
// The shapes their readers need; each reader checks the rest of every entry again and skips
// what it cannot use (src/routines/routine-store.ts, src/policy/grants.ts).
const routinesSchema = z.array(
  z.object({ id: z.string().min(1), name: z.string().min(1).max(80) }).passthrough(),
);
const approvalsSchema = z.record(
  z.string(),
  z.object({ readOnlyWithoutAsking: z.boolean().optional(), alwaysAllow: z.array(z.unknown()) }),
);
const names = z.array(z.string().max(500)).max(10_000);

/** Throws `damaged` for a value Patchbay would not read at `key`. */
export function checkValue(key: string, value: unknown): void {
  const fail = (what: string) => {
    throw damaged(`its ${what} are not valid`);
  };
  if (key === storageKeys.customServers) checkedServers(value);
  else if (key === MODEL_CHOICE_KEY) {
    // Providers whose key was left out do not parse; the plan restores the others.
    if (!z.object({ providers: z.record(z.string(), z.unknown()) }).safeParse(value).success)
      fail('model providers');
  } else if (key === APPROVALS) {
    if (!approvalsSchema.safeParse(value).success) fail('tool grants');
  } else if (key === ROUTINES) {
    if (!routinesSchema.safeParse(value).success) fail('routines');
  } else if (key === CHAT_RETENTION_KEY) {
    if (!retentionSchema.safeParse(value).success) fail('settings');
  } else if (/^mcp\..+\.(enabled|sampling)$/.test(key)) {
    if (!boolean.safeParse(value).success) fail('server switches');
  } else if (/^mcp\..+\.tools\.disabled$/.test(key)) {
    if (!names.safeParse(value).success) fail('tool switches');
  }
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as T;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
