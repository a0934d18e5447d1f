import { generateText, type LanguageModel, type ModelMessage } from 'ai';
import type { SamplingRequestView } from '../messaging/asks-contract';

/** What the person approved to run: the server's request as they edited it. */
export interface ApprovedSampling {
  systemPrompt?: string;
  messages: { role: 'user' | 'assistant'; text: string }[];
  maxTokens: number;
}

/** The most tokens Patchbay lets a server's sampling request use, whatever it asks for. */
export const MAX_SAMPLING_TOKENS = 4_096;

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/**
 * Runs a server's sampling request on the person's model, as they approved it: their edited
 * text per message, the server's images kept beside it, no tools, a bounded answer. Resolves
 * with the answer for the person to read (and edit) before it goes back to the server.
 */
export async function runSampling(
  model: LanguageModel,
  request: SamplingRequestView,
  approved: ApprovedSampling,
  abortSignal?: AbortSignal,
): Promise<{ text: string; stopReason: string }> {
  const messages: ModelMessage[] = approved.messages.map((message, index) => {
    const images = imagesOf(request.messages[index]?.content);
    if (message.role === 'assistant') return { role: 'assistant', content: message.text };
    return {
      role: 'user',
      content: [
        ...(message.text ? [{ type: 'text' as const, text: message.text }] : []),
        ...images.map((image) => ({
          type: 'file' as const,
          data: image.data,
          mediaType: image.mimeType,
        })),
      ],
    };
  });
  const result = await generateText({
    model,
    ...(approved.systemPrompt ? { system: approved.systemPrompt } : {}),
    messages,
    maxOutputTokens: Math.max(1, Math.min(approved.maxTokens, MAX_SAMPLING_TOKENS)),
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    ...(request.stopSequences?.length ? { stopSequences: request.stopSequences } : {}),
    ...(abortSignal ? { abortSignal } : {}),
  });
  return { text: result.text, stopReason: stopReasonOf(result.finishReason) };
}

/** The MCP stop reason for the AI SDK's finish reason. */
function stopReasonOf(finishReason: string): string {
  if (finishReason === 'length') return 'maxTokens';
  if (finishReason === 'stop') return 'endTurn';
  return finishReason;
}

function imagesOf(content: unknown): { data: string; mimeType: string }[] {
  const blocks = Array.isArray(content) ? content : [content];
  return blocks.flatMap((block) => {
    const candidate = block as { type?: unknown; data?: unknown; mimeType?: unknown };
    return candidate?.type === 'image' &&
      typeof candidate.data === 'string' &&
      typeof candidate.mimeType === 'string' &&
      IMAGE_TYPES.has(candidate.mimeType)
      ? [{ data: candidate.data, mimeType: candidate.mimeType }]
      : [];
  });
}
