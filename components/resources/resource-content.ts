/**
 * Pure helpers for showing what an MCP server returned: tool result blocks and resource
 * contents. Everything they look at comes from an untrusted server, so each one validates
 * instead of trusting: a data URL is built only for allow-listed types from data that is
 * really base64, and only up to a size the panel can decode without freezing.
 */

/** Decoded bytes above which media is not shown inline; the person can still download it. */
export const MAX_INLINE_BYTES = 8 * 1024 * 1024;

/** Text longer than this many lines starts collapsed. */
export const COLLAPSED_LINES = 40;

/** Text longer than this many characters starts collapsed, however few lines it has. */
export const COLLAPSED_CHARACTERS = 4_000;

/**
 * Images an `<img>` may show. SVG is allowed because an SVG loaded through `<img>` runs no
 * scripts and loads no subresources; other types (HTML above all) never reach a data URL.
 */
const INLINE_IMAGE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/svg+xml',
]);

/** A MIME type's `type/subtype` part, lower case, or undefined when it is not one. */
export function mimeEssence(mimeType: unknown): string | undefined {
  if (typeof mimeType !== 'string') return undefined;
  const essence = mimeType.split(';', 1)[0]!.trim().toLowerCase();
  // Token characters only, so nothing a server sends can add parameters or end a data URL early.
  return /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/.test(essence)
    ? essence
    : undefined;
}

export type ContentKind = 'markdown' | 'json' | 'text' | 'image' | 'audio' | 'other';

/** How to show content of this MIME type. */
export function classifyMime(mimeType: unknown): ContentKind {
  const essence = mimeEssence(mimeType);
  if (!essence) return 'other';
  if (essence === 'text/markdown' || essence === 'text/x-markdown') return 'markdown';
  if (essence === 'application/json' || essence === 'text/json' || essence.endsWith('+json')) {
    return 'json';
  }
  if (essence.startsWith('text/')) return 'text';
  if (essence.startsWith('image/')) return 'image';
  if (essence.startsWith('audio/')) return 'audio';
  return 'other';
}

/**
 * The base64 text without the line breaks some encoders add, or undefined when it is not
 * base64 at all (a URL, say, which must never end up in a `src`).
 */
export function cleanBase64(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const cleaned = value.replace(/[\t\n\f\r ]+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(cleaned)) return undefined;
  // A single character left over after whole groups of four cannot encode any byte.
  if (cleaned.replace(/=+$/, '').length % 4 === 1) return undefined;
  return cleaned;
}

/** How many bytes base64 text decodes to, without decoding it. */
export function base64DecodedSize(base64: string): number {
  const cleaned = base64.replace(/[\t\n\f\r ]+/g, '');
  const padding = cleaned.endsWith('==') ? 2 : cleaned.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor(((cleaned.length - padding) * 3) / 4));
}

export type InlineMedia =
  | { url: string }
  /** Why the media is not shown: a type not allowed, data that is not base64, or too large. */
  | { refused: 'type' | 'data' | 'size' };

/**
 * A `data:` URL for an image or audio block, built from its base64 data, or the reason there
 * is none. Only allow-listed types and real base64 get through, so a server cannot point an
 * element at the network or make the panel render HTML.
 */
export function mediaDataUrl(
  kind: 'image' | 'audio',
  mimeType: unknown,
  data: unknown,
): InlineMedia {
  const essence = mimeEssence(mimeType);
  const allowed =
    essence !== undefined &&
    (kind === 'image' ? INLINE_IMAGE_TYPES.has(essence) : essence.startsWith('audio/'));
  if (!allowed) return { refused: 'type' };
  const base64 = cleanBase64(data);
  if (base64 === undefined || base64.length === 0) return { refused: 'data' };
  if (base64DecodedSize(base64) > MAX_INLINE_BYTES) return { refused: 'size' };
  return { url: `data:${essence};base64,${base64}` };
}

/** "512 bytes", "1.5 KB", "12 KB", "3.2 MB". */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return 'unknown size';
  if (bytes < 1024) return `${Math.round(bytes)} ${Math.round(bytes) === 1 ? 'byte' : 'bytes'}`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${rounded.toLocaleString('en')} ${units[unit]}`;
}

/** Extensions for downloads whose name has none, so the file opens in the right program. */
const EXTENSIONS: Record<string, string> = {
  'application/json': 'json',
  'application/pdf': 'pdf',
  'application/zip': 'zip',
  'application/gzip': 'gz',
  'text/plain': 'txt',
  'text/markdown': 'md',
  'text/csv': 'csv',
  'text/html': 'html',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/ogg': 'ogg',
  'audio/webm': 'webm',
};

/**
 * A safe file name for saving a resource: the last path segment of its URI with characters
 * that file systems reject (or that could name another folder) replaced, and an extension
 * from the MIME type when it has none.
 */
export function filenameFromUri(uri: string, mimeType?: unknown): string {
  const path = uri.split(/[?#]/, 1)[0] ?? '';
  let segment = path.split('/').filter(Boolean).pop() ?? '';
  // A URI with nothing after its scheme ("memo:1234") names the resource after the scheme.
  if (segment.includes(':')) segment = segment.slice(segment.lastIndexOf(':') + 1);
  try {
    // Decoded, an escaped slash ("..%2F..%2Fetc%2Fpasswd") is a path again: keep its end.
    segment = decodeURIComponent(segment).split(/[/\\]/).filter(Boolean).pop() ?? '';
  } catch {
    // Keep the encoded form: a broken escape is still a usable name once sanitized.
  }
  let name = segment
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, '_')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, 120);
  if (!name) name = 'resource';
  const extension = EXTENSIONS[mimeEssence(mimeType) ?? ''];
  if (extension && !/\.[A-Za-z0-9]{1,8}$/.test(name)) name = `${name}.${extension}`;
  return name;
}

/** Lines in a text, not counting the empty one after a final line break. */
export function countLines(text: string): number {
  if (text.length === 0) return 0;
  let lines = 1;
  let index = text.indexOf('\n');
  while (index !== -1) {
    if (index < text.length - 1) lines += 1;
    index = text.indexOf('\n', index + 1);
  }
  return lines;
}

export interface CollapsedText {
  /** What to show while collapsed (the whole text when it is short). */
  preview: string;
  collapsed: boolean;
  /** The expand button's label, e.g. "Show all 1,234 lines". */
  expandLabel: string;
}

/** The first lines of a long text, and how to offer the rest. */
export function collapseText(
  text: string,
  maxLines = COLLAPSED_LINES,
  maxCharacters = COLLAPSED_CHARACTERS,
): CollapsedText {
  const lines = countLines(text);
  if (lines > maxLines) {
    let end = -1;
    for (let line = 0; line < maxLines; line += 1) end = text.indexOf('\n', end + 1);
    return {
      preview: text.slice(0, Math.min(end, maxCharacters)),
      collapsed: true,
      expandLabel: `Show all ${lines.toLocaleString('en')} lines`,
    };
  }
  if (text.length > maxCharacters) {
    return {
      preview: text.slice(0, maxCharacters),
      collapsed: true,
      expandLabel: `Show all ${text.length.toLocaleString('en')} characters`,
    };
  }
  return { preview: text, collapsed: false, expandLabel: '' };
}

/** `count` with its noun, singular or plural: "1 item", "1,204 lines". */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en')} ${count === 1 ? singular : plural}`;
}

/** The bytes base64 text stands for; callers validate it with `cleanBase64` first. */
export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
