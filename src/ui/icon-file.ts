import { MAX_ICON_BYTES } from '../mcp/custom-server-input';

const ALLOWED_TYPES = new Set(['image/png', 'image/jpeg', 'image/svg+xml']);

/**
 * Removes everything from an SVG that can run or load something: scripts, event handlers,
 * foreignObject, and links to anything but the document itself. The rest is kept as drawn.
 */
export function sanitizeSvg(source: string, parser: DOMParser = new DOMParser()): string {
  const document = parser.parseFromString(source, 'image/svg+xml');
  const root = document.documentElement;
  if (
    root.nodeName.toLowerCase() !== 'svg' ||
    document.getElementsByTagName('parsererror').length > 0
  ) {
    throw new Error('The SVG file could not be read.');
  }
  for (const element of [
    ...root.querySelectorAll('script, foreignObject, iframe, object, embed, use[href^="http"]'),
  ]) {
    element.remove();
  }
  for (const element of [root, ...root.querySelectorAll('*')]) {
    for (const attribute of [...element.attributes]) {
      const name = attribute.name.toLowerCase();
      const value = attribute.value.trim().toLowerCase();
      const isLink = name === 'href' || name === 'xlink:href' || name === 'src';
      if (
        name.startsWith('on') ||
        (isLink && !value.startsWith('#')) ||
        value.startsWith('javascript:')
      ) {
        element.removeAttribute(attribute.name);
      }
    }
  }
  return new XMLSerializer().serializeToString(root);
}

/** Reads an uploaded icon into a data URL, or throws a sentence saying why it cannot be used. */
export async function readIconFile(file: File): Promise<string> {
  if (!ALLOWED_TYPES.has(file.type)) throw new Error('The icon must be a PNG, JPEG or SVG image.');
  if (file.size > MAX_ICON_BYTES)
    throw new Error(`The icon is ${Math.ceil(file.size / 1024)} KB; the limit is 64 KB.`);
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
