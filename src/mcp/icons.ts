import type { Icon } from '@modelcontextprotocol/client';
import { isLoopbackHost } from '../net/private-network';
import type { FetchLike } from '../net/fetch-like';

/** The largest icon Patchbay fetches or accepts, as for icons people upload. */
export const MAX_ICON_BYTES = 64 * 1024;
/**
 * The largest icon of a tool, resource or prompt: lists carry one per item to the page, and a
 * server's own icon is the one worth 64 KB.
 */
export const MAX_ITEM_ICON_BYTES = 16 * 1024;
/** Icons kept per worker; each is at most {@link MAX_ICON_BYTES}. */
const CACHE_SIZE = 256;
const FETCH_TIMEOUT_MS = 5_000;
const IMAGE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/svg+xml',
]);

/**
 * Icons of servers, tools, resources and prompts (SEP-973), as `data:` URLs pages can show
 * without a request of their own. Only `data:` icons and icons on the server's own origin are
 * accepted (https, or http on loopback where the server itself is), fetched here in the
 * background without cookies, headers or redirects. Pages render them in `<img>`, where an SVG
 * can neither run script nor load anything.
 */
export class IconResolver {
  private readonly cache = new Map<string, Promise<string | undefined>>();
  /** Downloads that have finished, for {@link peek}. */
  private readonly settled = new Map<string, string | undefined>();

  constructor(private readonly fetchImpl: FetchLike = (input, init) => fetch(input, init)) {}

  /** The best icon of the list as a data URL, or undefined when none is acceptable. */
  resolve(icons: readonly Icon[] | undefined, serverUrl: string): Promise<string | undefined> {
    const icon = pickIcon(icons);
    if (!icon) return Promise.resolve(undefined);
    if (icon.src.startsWith('data:')) return Promise.resolve(checkDataUrl(icon.src));
    const url = sameOriginUrl(icon.src, serverUrl);
    if (!url) return Promise.resolve(undefined);
    return this.fetchOnce(url);
  }

  /**
   * An item's icon without waiting: a `data:` icon or one already downloaded at once, else
   * nothing now (the download starts, and the next list has it). A list of hundreds of items
   * must not wait for hundreds of downloads; item icons are also held to a smaller size.
   */
  peek(icons: readonly Icon[] | undefined, serverUrl: string): string | undefined {
    const icon = pickIcon(icons);
    if (!icon) return undefined;
    const small = (dataUrl: string | undefined) =>
      dataUrl && approximateBytes(dataUrl) <= MAX_ITEM_ICON_BYTES ? dataUrl : undefined;
    if (icon.src.startsWith('data:')) return small(checkDataUrl(icon.src));
    const url = sameOriginUrl(icon.src, serverUrl);
    if (!url) return undefined;
    if (this.settled.has(url)) return small(this.settled.get(url));
    void this.fetchOnce(url);
    return undefined;
  }

  private fetchOnce(url: string): Promise<string | undefined> {
    let cached = this.cache.get(url);
    if (!cached) {
      cached = this.download(url).catch(() => undefined);
      void cached.then((value) => this.settled.set(url, value));
      this.cache.set(url, cached);
      if (this.cache.size > CACHE_SIZE) {
        const oldest = this.cache.keys().next().value;
        if (oldest !== undefined) {
          this.cache.delete(oldest);
          this.settled.delete(oldest);
        }
      }
    }
    return cached;
  }

  private async download(url: string): Promise<string | undefined> {
    const response = await this.fetchImpl(url, {
      credentials: 'omit',
      redirect: 'error',
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (!response.ok) return undefined;
    const type = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
    if (!IMAGE_TYPES.has(type)) return undefined;
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > MAX_ICON_BYTES) return undefined;
    const bytes = await readAtMost(response, MAX_ICON_BYTES);
    if (!bytes || bytes.byteLength === 0) return undefined;
    return `data:${type};base64,${toBase64(bytes)}`;
  }
}

/** Prefers a small light-theme (or theme-less) raster or SVG icon; ignores types Patchbay won't show. */
export function pickIcon(icons: readonly Icon[] | undefined): Icon | undefined {
  if (!Array.isArray(icons)) return undefined;
  const usable = icons.filter(
    (icon) =>
      typeof icon?.src === 'string' &&
      (icon.mimeType === undefined || IMAGE_TYPES.has(icon.mimeType.toLowerCase())),
  );
  const score = (icon: Icon) =>
    (icon.theme === 'dark' ? 2 : 0) +
    (icon.sizes?.some((size) => /^(16|24|32|48|64)x/.test(size)) ? 0 : 1);
  return usable.sort((first, second) => score(first) - score(second))[0];
}

/** A data URL of an allowed image type, base64, within the size limit; anything else is refused. */
export function checkDataUrl(source: string): string | undefined {
  const match = /^data:([a-z+/.-]+);base64,([A-Za-z0-9+/=\s]+)$/i.exec(source);
  if (!match) return undefined;
  const [, type = '', payload = ''] = match;
  if (!IMAGE_TYPES.has(type.toLowerCase())) return undefined;
  const dataUrl = `data:${type.toLowerCase()};base64,${payload.replace(/\s/g, '')}`;
  return approximateBytes(dataUrl) > MAX_ICON_BYTES ? undefined : dataUrl;
}

/** The icon's URL when it is on the server's own origin over https (or loopback http). */
export function sameOriginUrl(source: string, serverUrl: string): string | undefined {
  let icon: URL;
  let server: URL;
  try {
    server = new URL(serverUrl);
    icon = new URL(source, server);
  } catch {
    return undefined;
  }
  if (icon.origin !== server.origin) return undefined;
  const loopback = isLoopbackHost(icon.hostname);
  if (icon.protocol !== 'https:' && !(icon.protocol === 'http:' && loopback)) return undefined;
  if (icon.username || icon.password) return undefined;
  return icon.href;
}

/** The body, or undefined as soon as it grows past `limit` (a missing length is no excuse). */
async function readAtMost(response: Response, limit: number): Promise<Uint8Array | undefined> {
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The bytes a base64 data URL holds: its padding ("=" or "==") stands for no data. */
function approximateBytes(dataUrl: string): number {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  return (base64.length * 3) / 4 - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  }
  return btoa(binary);
}
