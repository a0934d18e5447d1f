/**
 * A SHA-256 over a value's canonical JSON (object keys sorted at every depth), so the digest of
 * what a file says does not depend on the order a reader or a zod schema gives its keys.
 */

/** The value as JSON with object keys sorted; `undefined` members are left out, as JSON does. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value))
    return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map(
        (key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`,
      );
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value);
}

/** SHA-256 of the value's canonical JSON, base64. */
export async function digestOf(value: unknown): Promise<string> {
  const bytes = new TextEncoder().encode(canonicalJson(value));
  return toBase64(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)));
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(binary);
}

/** Throws a `SyntaxError`-like error (atob's) on text that is not base64. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
