import { PatchbayError } from '../errors/patchbay-error';
import type { AddServerPayload, UpdateServerPayload } from '../messaging/contract';
import type { KeyValueStore } from '../platform/ports';
import { CATALOG, type ServerConfig } from './catalog';
import { storageKeys } from './storage-keys';

/**
 * The servers Patchbay knows: the built-in catalog and the person's own, stored under
 * `customMcpServers`. Validates what is added or edited; secrets the page never saw (header
 * values, a client secret) are kept when an edit sends them back empty. The validation is a
 * lazy part of the worker (scripts/worker-chunks.ts): a server is added or edited seldom.
 */
export class ServerRegistry {
  private custom: ServerConfig[] = [];

  constructor(
    private readonly store: KeyValueStore,
    private readonly catalog: readonly ServerConfig[] = CATALOG,
  ) {}

  async load(): Promise<ServerConfig[]> {
    this.custom = (await this.store.get<ServerConfig[]>(storageKeys.customServers)) ?? [];
    return [...this.catalog, ...this.custom];
  }

  /** Validates a new custom server against the others and stores it. */
  async add(input: AddServerPayload, others: readonly ServerConfig[]): Promise<ServerConfig> {
    const { validateCustomServerInput } = await import('./custom-server-input');
    const fields = validateCustomServerInput(input, others);
    const config: ServerConfig = {
      ...fields,
      id: `custom-${crypto.randomUUID().slice(0, 8)}`,
      isCustom: true,
      requiresAuthentication: Boolean(fields.oauth?.clientId),
    };
    await this.save([...this.custom, config]);
    return config;
  }

  /** Merges an edit into a custom server and validates it; {@link replace} stores it. */
  async prepareUpdate(
    input: UpdateServerPayload,
    previous: ServerConfig,
    others: readonly ServerConfig[],
  ): Promise<ServerConfig> {
    if (!previous.isCustom) {
      throw new PatchbayError(
        'invalid-request',
        `${previous.name} is built in and cannot be edited.`,
      );
    }
    const { validateCustomServerInput } = await import('./custom-server-input');
    const fields = validateCustomServerInput(mergeEdit(input, previous), others);
    return {
      ...fields,
      id: previous.id,
      isCustom: true,
      requiresAuthentication: Boolean(fields.oauth?.clientId),
    };
  }

  async replace(config: ServerConfig): Promise<void> {
    await this.save(this.custom.map((server) => (server.id === config.id ? config : server)));
  }

  async remove(config: ServerConfig): Promise<void> {
    if (!config.isCustom) {
      throw new PatchbayError(
        'invalid-request',
        `${config.name} is built in; switch it off instead.`,
      );
    }
    await this.save(this.custom.filter((server) => server.id !== config.id));
  }

  private async save(custom: ServerConfig[]): Promise<void> {
    this.custom = custom;
    await this.store.set({ [storageKeys.customServers]: custom });
  }
}

/**
 * An edit as the form sends it, with the secrets it never saw filled back in, but only while
 * the server stays at the same origin: header values and a client secret belong to the server
 * they were entered for, so a new origin needs them entered again.
 */
function mergeEdit(input: UpdateServerPayload, previous: ServerConfig): AddServerPayload {
  const sameOrigin = input.url === undefined || originOf(input.url) === originOf(previous.url);
  // Like header values, a client secret never reaches the page: empty means "keep it".
  const oauth =
    sameOrigin &&
    input.oauth &&
    previous.oauth?.clientSecret &&
    !input.oauth.clientSecret &&
    input.oauth.clientId === previous.oauth.clientId
      ? { ...input.oauth, clientSecret: previous.oauth.clientSecret }
      : (input.oauth ?? (sameOrigin ? previous.oauth : withoutSecret(previous.oauth)));
  const keptValue = (key: string) =>
    sameOrigin ? (previous.headers?.find((old) => old.key === key)?.value ?? '') : '';
  const headers = (input.headers ?? previous.headers ?? []).map((header) => ({
    key: header.key,
    value: (input.headers ? header.value : '') || keptValue(header.key),
  }));
  const iconDataUrl = input.iconDataUrl ?? previous.iconDataUrl;
  return {
    name: input.name ?? previous.name,
    url: input.url ?? previous.url,
    headers,
    ...(iconDataUrl ? { iconDataUrl } : {}),
    ...(oauth ? { oauth } : {}),
  };
}

function withoutSecret(oauth: ServerConfig['oauth']): ServerConfig['oauth'] {
  if (!oauth) return undefined;
  const rest = { ...oauth };
  delete rest.clientSecret;
  return rest;
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url.trim()).origin;
  } catch {
    return undefined;
  }
}
