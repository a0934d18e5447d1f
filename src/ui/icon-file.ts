import DOMPurify from 'dompurify';
import { MAX_ICON_BYTES } from '../mcp/custom-server-input';
import { invalidInput } from '../errors/patchbay-error';

const ALLOWED_TYPES = new Set(['image/png', 'image/jpeg', 'image/svg+xml']);

/**
 * Keeps only the drawing of an SVG, with DOMPurify's SVG profile: no scripts, event handlers,
 * foreignObject, or animation that could rewrite links; no `<style>` sheets; and no reference
 * to anything outside the document (links, images, `url()` in styles). Throws when it is not
 * an SVG at all.
 */
export function sanitizeSvg(source: string, parser: DOMParser = new DOMParser()): string {
  const parsed = parser.parseFromString(source, 'image/svg+xml');
  if (
    parsed.documentElement.nodeName.toLowerCase() !== 'svg' ||
    parsed.getElementsByTagName('parsererror').length > 0
  ) {
    throw invalidInput('icon', 'The SVG file could not be read.');
  }
  const purify = DOMPurify(window);
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    const value = data.attrValue.trim().toLowerCase();
    const isLink = data.attrName === 'href' || data.attrName === 'xlink:href';
    if ((isLink && !value.startsWith('#')) || /url\(\s*['"]?(?!#)/.test(value)) {
      data.keepAttr = false;
    }
  });
  const fragment = purify.sanitize(source, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['style', 'animate', 'set', 'animateMotion', 'animateTransform'],
    RETURN_DOM_FRAGMENT: true,
  });
  const svg = fragment.querySelector('svg');
  if (!svg) throw invalidInput('icon', 'The SVG file could not be read.');
  // Serialized as XML: a data:image/svg+xml URL must be a well-formed SVG document.
  return new XMLSerializer().serializeToString(svg);
}

/** Reads an uploaded icon into a data URL, or throws a sentence saying why it cannot be used. */
export async function readIconFile(file: File): Promise<string> {
  if (!ALLOWED_TYPES.has(file.type))
    throw invalidInput('icon', 'The icon must be a PNG, JPEG or SVG image.');
  if (file.size > MAX_ICON_BYTES)
    throw invalidInput(
      'icon',
      `The icon is ${Math.ceil(file.size / 1024)} KB; the limit is 64 KB.`,
    );
  if (file.type === 'image/svg+xml') {
    const clean = sanitizeSvg(await file.text());
    return `data:image/svg+xml;base64,${toBase64(new TextEncoder().encode(clean))}`;
  }
  return `data:${file.type};base64,${toBase64(new Uint8Array(await file.arrayBuffer()))}`;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
