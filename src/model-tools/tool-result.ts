import type { CallToolResultView } from '../messaging/contract';

/** Characters of tool output Patchbay passes to the model before truncating. */
export const MAX_RESULT_CHARACTERS = 40_000;

type ModelContentPart =
  | { type: 'text'; text: string }
  | { type: 'file'; data: { type: 'data'; data: string }; mediaType: string };

export type ModelToolOutput =
  { type: 'content'; value: ModelContentPart[] } | { type: 'error-text'; value: string };

/**
 * Turns an MCP `CallToolResult` into what the model reads: text as text, images as image
 * parts, structured content as JSON when there is no text, `isError` as an error the model can
 * read and react to. Long text is cut, with a note saying how much was left out.
 */
export function toModelToolOutput(
  result: CallToolResultView,
  limit = MAX_RESULT_CHARACTERS,
): ModelToolOutput {
  const parts: ModelContentPart[] = [];
  for (const item of result.content) {
    switch (item.type) {
      case 'text':
        parts.push({ type: 'text', text: String(item.text ?? '') });
        break;
      case 'image':
        if (typeof item.data === 'string' && typeof item.mimeType === 'string') {
          parts.push({
            type: 'file',
            data: { type: 'data', data: item.data },
            mediaType: item.mimeType,
          });
        }
        break;
      case 'audio':
        parts.push({
          type: 'text',
          text: `[The tool returned ${String(item.mimeType ?? 'audio')} audio, which Patchbay does not pass on.]`,
        });
        break;
      case 'resource': {
        const resource = (item.resource ?? {}) as {
          uri?: string;
          text?: string;
          mimeType?: string;
        };
        parts.push({
          type: 'text',
          text:
            resource.text !== undefined
              ? `Resource ${resource.uri ?? ''}:\n${resource.text}`
              : `[Binary resource ${resource.uri ?? ''} (${resource.mimeType ?? 'unknown type'})]`,
        });
        break;
      }
      case 'resource_link':
        parts.push({
          type: 'text',
          text: `Link: ${String(item.name ?? '')} ${String(item.uri ?? '')}`.trim(),
        });
        break;
      default:
        parts.push({ type: 'text', text: JSON.stringify(item) });
    }
  }
  const hasText = parts.some((part) => part.type === 'text' && part.text.trim());
  if (result.structuredContent !== undefined && !hasText) {
    parts.push({ type: 'text', text: JSON.stringify(result.structuredContent) });
  }
  const truncated = truncate(parts, limit);
  if (result.isError) {
    const text = truncated
      .filter((part) => part.type === 'text')
      .map((part) => part.text)
      .join('\n');
    return { type: 'error-text', value: text || 'The tool reported an error without details.' };
  }
  if (truncated.length === 0)
    truncated.push({ type: 'text', text: '(The tool returned no content.)' });
  return { type: 'content', value: truncated };
}

function truncate(parts: ModelContentPart[], limit: number): ModelContentPart[] {
  const total = parts.reduce((sum, part) => sum + (part.type === 'text' ? part.text.length : 0), 0);
  if (total <= limit) return parts;
  let remaining = limit;
  const kept: ModelContentPart[] = [];
  for (const part of parts) {
    if (part.type !== 'text') {
      kept.push(part);
      continue;
    }
    if (remaining <= 0) continue;
    kept.push({ type: 'text', text: part.text.slice(0, remaining) });
    remaining -= part.text.length;
  }
  kept.push({
    type: 'text',
    text: `[Patchbay truncated this result: ${limit.toLocaleString('en')} of ${total.toLocaleString('en')} characters shown.]`,
  });
  return kept;
}
