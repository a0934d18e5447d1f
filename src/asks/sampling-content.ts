/**
 * The content of a sampling request's messages, read for showing: untrusted, a single block or
 * an array, of any shape. Only text can be edited; an image shows only as inline base64.
 */
export type SamplingBlock =
  | { kind: 'text'; text: string }
  | { kind: 'image'; src: string; mimeType: string }
  | { kind: 'other'; description: string };

/** Content is untrusted: a single block or an array, of any shape. */
export function contentBlocks(content: unknown): SamplingBlock[] {
  return (Array.isArray(content) ? content : [content]).map(describeBlock);
}

function describeBlock(item: unknown): SamplingBlock {
  if (typeof item !== 'object' || item === null) {
    return { kind: 'other', description: 'Content Patchbay cannot show.' };
  }
  const block = item as Record<string, unknown>;
  if (block.type === 'text' && typeof block.text === 'string') {
    return { kind: 'text', text: block.text };
  }
  const mimeType = typeof block.mimeType === 'string' ? block.mimeType : undefined;
  if (block.type === 'image') {
    // Only inline base64 of an image type becomes a data: URL: nothing can point elsewhere.
    if (
      mimeType &&
      /^image\/[a-z0-9.+-]+$/i.test(mimeType) &&
      typeof block.data === 'string' &&
      isBase64(block.data)
    ) {
      return { kind: 'image', src: `data:${mimeType};base64,${block.data}`, mimeType };
    }
    return { kind: 'other', description: 'An image Patchbay cannot show.' };
  }
  if (block.type === 'audio') {
    return {
      kind: 'other',
      description: `An audio clip${mimeType ? ` (${mimeType.slice(0, 40)})` : ''}, not played here.`,
    };
  }
  const type = typeof block.type === 'string' ? block.type.slice(0, 40) : 'unknown';
  return { kind: 'other', description: `Content of type “${type}”, not shown.` };
}

/** A message's text blocks joined, as the person edits them. */
export function textOf(blocks: SamplingBlock[]): string {
  return blocks.flatMap((block) => (block.kind === 'text' ? [block.text] : [])).join('\n\n');
}

function isBase64(data: string): boolean {
  return data.length > 0 && data.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(data);
}
