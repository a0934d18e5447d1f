/**
 * One server as an MCP Registry lists it (`server.json`, schema 2025-12-11, with the official
 * registry's `_meta` beside it), read leniently: what Patchbay shows and installs is checked
 * field by field, and an entry it cannot use is skipped rather than failing its page. Registry
 * data is untrusted input: text is bounded, icons are https only, URLs are parsed.
 */
import { z } from 'zod';

/** A value the person gives at install (a header, a URL variable), as server.json describes it. */
export interface RegistryInput {
  description?: string;
  isRequired: boolean;
  isSecret: boolean;
  default?: string;
  placeholder?: string;
  choices?: string[];
  /** Fixed by the publisher: not asked (it may use other inputs' `{names}`). */
  value?: string;
}

export interface RegistryHeader extends RegistryInput {
  name: string;
  /** What `{names}` in a fixed `value` stand for ("Bearer {api_key}"): asked like the rest. */
  variables: Record<string, RegistryInput>;
}

/** A way to reach the server over the network: what installs in two clicks. */
export interface RegistryRemote {
  type: 'streamable-http' | 'sse';
  /** May hold `{variables}`, filled from `variables`. */
  url: string;
  headers: RegistryHeader[];
  variables: Record<string, RegistryInput>;
}

/** A package that runs on the person's computer (stdio and the like). */
export interface RegistryPackage {
  registryType: string;
  identifier: string;
  version?: string;
  runtimeHint?: string;
  transport: string;
}

export interface RegistryEntry {
  /** Reverse-DNS name, unique in the registry: `io.github.user/weather`. */
  name: string;
  title: string;
  description: string;
  version: string;
  /** Who published it, from the name's namespace (`io.github.user` → `user (GitHub)`). */
  publisher: string;
  websiteUrl?: string;
  repositoryUrl?: string;
  /** An https icon, light theme preferred. */
  iconUrl?: string;
  remotes: RegistryRemote[];
  packages: RegistryPackage[];
  status: 'active' | 'deprecated' | 'deleted';
}

const text = (max: number) =>
  z
    .string()
    .transform((value) => value.trim())
    .pipe(z.string().max(max));

const inputSchema = z.object({
  description: text(500).optional(),
  isRequired: z.boolean().optional(),
  isSecret: z.boolean().optional(),
  default: z.string().max(2_000).optional(),
  placeholder: z.string().max(200).optional(),
  choices: z.array(z.string().max(200)).max(50).optional(),
  value: z.string().max(2_000).optional(),
});

const variableName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/);

const headerSchema = inputSchema.extend({
  // An HTTP header name (a token), as a custom server's.
  name: z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/),
  variables: z.record(variableName, inputSchema).optional(),
});

const remoteSchema = z.object({
  type: z.enum(['streamable-http', 'sse']),
  url: z.string().max(2_000),
  headers: z.array(headerSchema).max(20).optional(),
  variables: z.record(variableName, inputSchema).optional(),
});

const packageSchema = z.object({
  registryType: z.string().max(50),
  identifier: z.string().max(500),
  version: z.string().max(255).optional(),
  runtimeHint: z.string().max(50).optional(),
  transport: z.object({ type: z.string().max(50) }).loose(),
});

const iconSchema = z.object({
  src: z.string(),
  theme: z.enum(['light', 'dark']).optional(),
});

const serverSchema = z.object({
  name: z
    .string()
    .regex(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/)
    .max(200),
  title: text(100).optional(),
  description: text(300),
  version: z.string().max(255),
  websiteUrl: z.string().max(2_000).optional(),
  repository: z
    .object({ url: z.string().max(2_000) })
    .loose()
    .optional(),
  icons: z.array(z.unknown()).max(20).optional(),
  remotes: z.array(z.unknown()).max(20).optional(),
  packages: z.array(z.unknown()).max(20).optional(),
});

export const OFFICIAL_META = 'io.modelcontextprotocol.registry/official';

const officialSchema = z.object({
  status: z.enum(['active', 'deprecated', 'deleted']),
});

/** An https URL as it parses, or undefined (no http, no javascript:, no data:). */
function httpsUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function inputOf(raw: z.infer<typeof inputSchema>): RegistryInput {
  return {
    isRequired: raw.isRequired ?? false,
    isSecret: raw.isSecret ?? false,
    ...(raw.description ? { description: raw.description } : {}),
    ...(raw.default !== undefined ? { default: raw.default } : {}),
    ...(raw.placeholder ? { placeholder: raw.placeholder } : {}),
    ...(raw.choices?.length ? { choices: raw.choices } : {}),
    ...(raw.value !== undefined ? { value: raw.value } : {}),
  };
}

function inputsOf(
  map: Record<string, z.infer<typeof inputSchema>> | undefined,
): Record<string, RegistryInput> {
  return Object.fromEntries(Object.entries(map ?? {}).map(([key, input]) => [key, inputOf(input)]));
}

/** `io.github.ada` → `ada (GitHub)`; `com.example` → `example.com`. */
export function publisherOf(name: string): string {
  const namespace = name.split('/')[0] ?? name;
  const parts = namespace.split('.');
  if (parts[0] === 'io' && parts[1] === 'github' && parts[2]) return `${parts[2]} (GitHub)`;
  return [...parts].reverse().join('.');
}

/** The remotes Patchbay can connect to; others (a type it does not know) are left out. */
function remotesOf(list: unknown[] | undefined): RegistryRemote[] {
  const remotes: RegistryRemote[] = [];
  for (const raw of list ?? []) {
    const parsed = remoteSchema.safeParse(raw);
    if (!parsed.success) continue;
    const { type, url, headers, variables } = parsed.data;
    remotes.push({
      type,
      url,
      headers: (headers ?? []).map((header) => ({
        name: header.name,
        ...inputOf(header),
        variables: inputsOf(header.variables),
      })),
      variables: inputsOf(variables),
    });
  }
  return remotes;
}

function packagesOf(list: unknown[] | undefined): RegistryPackage[] {
  const packages: RegistryPackage[] = [];
  for (const raw of list ?? []) {
    const parsed = packageSchema.safeParse(raw);
    if (!parsed.success) continue;
    const { registryType, identifier, version, runtimeHint, transport } = parsed.data;
    packages.push({
      registryType,
      identifier,
      transport: transport.type,
      ...(version ? { version } : {}),
      ...(runtimeHint ? { runtimeHint } : {}),
    });
  }
  return packages;
}

function iconOf(list: unknown[] | undefined): string | undefined {
  const icons = (list ?? []).flatMap((raw) => {
    const parsed = iconSchema.safeParse(raw);
    const src = parsed.success ? httpsUrl(parsed.data.src) : undefined;
    return src && parsed.success ? [{ src, theme: parsed.data.theme }] : [];
  });
  return (icons.find((icon) => icon.theme !== 'dark') ?? icons[0])?.src;
}

/** One listed `{ server, _meta }`, or undefined when it is not usable data. */
export function readEntry(raw: unknown): RegistryEntry | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { server, _meta: meta } = raw as { server?: unknown; _meta?: Record<string, unknown> };
  const parsed = serverSchema.safeParse(server);
  if (!parsed.success) return undefined;
  const official = officialSchema.safeParse(meta?.[OFFICIAL_META]);
  const data = parsed.data;
  const websiteUrl = httpsUrl(data.websiteUrl);
  const repositoryUrl = httpsUrl(data.repository?.url);
  const iconUrl = iconOf(data.icons);
  return {
    name: data.name,
    title: data.title || data.name.split('/')[1]!,
    description: data.description,
    version: data.version,
    publisher: publisherOf(data.name),
    ...(websiteUrl ? { websiteUrl } : {}),
    ...(repositoryUrl ? { repositoryUrl } : {}),
    ...(iconUrl ? { iconUrl } : {}),
    remotes: remotesOf(data.remotes),
    packages: packagesOf(data.packages),
    // A registry without the official block (a company's own) lists what it serves as active.
    status: official.success ? official.data.status : 'active',
  };
}
