import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
  SharedV4Warning,
} from '@ai-sdk/provider';
import { PatchbayError } from '../errors/patchbay-error';

/**
 * Chrome's built-in model (the Prompt API, `LanguageModel`), as an AI SDK language model. It
 * runs on this device: nothing leaves the browser and there is no key. It answers in text only;
 * the chat's tools are not offered to it (the SDK is told so with a warning).
 */

interface PromptMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}
interface PromptSession {
  prompt(input: string, options?: { signal?: AbortSignal }): Promise<string>;
  promptStreaming(input: string, options?: { signal?: AbortSignal }): ReadableStream<string>;
  destroy(): void;
}
/** The part of Chrome's `LanguageModel` global Patchbay uses. */
export interface PromptApi {
  availability(): Promise<string>;
  create(options: {
    initialPrompts?: PromptMessage[];
    temperature?: number;
    topK?: number;
    signal?: AbortSignal;
  }): Promise<PromptSession>;
}

export const ON_DEVICE_MODEL = 'on-device';

function promptApi(): PromptApi | undefined {
  return (globalThis as { LanguageModel?: PromptApi }).LanguageModel;
}

/**
 * Whether this browser offers its built-in model: it does when Chrome says it is available,
 * or can be downloaded (the first message then waits for the download).
 */
export async function onDeviceModelOffered(api = promptApi()): Promise<boolean> {
  if (!api) return false;
  try {
    const state = await api.availability();
    return state === 'available' || state === 'downloadable' || state === 'downloading';
  } catch {
    return false;
  }
}

/** The conversation as the Prompt API takes it: earlier turns, then the last user text. */
function toPrompt(prompt: LanguageModelV4Prompt): { history: PromptMessage[]; input: string } {
  const messages: PromptMessage[] = [];
  for (const message of prompt) {
    if (message.role === 'system') {
      messages.push({ role: 'system', content: message.content });
      continue;
    }
    if (message.role === 'tool') continue;
    const text = message.content
      .map((part) => (part.type === 'text' ? part.text : ''))
      .join('')
      .trim();
    if (text) messages.push({ role: message.role, content: text });
  }
  const last = messages.at(-1);
  const input = last?.role === 'user' ? last.content : '';
  return { history: input ? messages.slice(0, -1) : messages, input };
}

const NO_USAGE = {
  inputTokens: {
    total: undefined,
    noCache: undefined,
    cacheRead: undefined,
    cacheWrite: undefined,
  },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined },
};

const NO_BUILT_IN_MODEL = 'This browser has no built-in model. Pick another in Settings.';

export function createOnDeviceModel(api: PromptApi | undefined = promptApi()): LanguageModelV4 {
  const session = async (options: LanguageModelV4CallOptions) => {
    if (!api) throw new PatchbayError('not-enabled', NO_BUILT_IN_MODEL);
    const { history, input } = toPrompt(options.prompt);
    const created = await api.create({
      initialPrompts: history,
      ...(options.abortSignal ? { signal: options.abortSignal } : {}),
    });
    return { created, input };
  };
  const warnings = (options: LanguageModelV4CallOptions): SharedV4Warning[] =>
    options.tools?.length
      ? [{ type: 'unsupported', feature: 'tools', details: 'The on-device model has no tools.' }]
      : [];
  return {
    specificationVersion: 'v4',
    provider: 'chrome.on-device',
    modelId: ON_DEVICE_MODEL,
    supportedUrls: {},
    async doGenerate(options) {
      const { created, input } = await session(options);
      try {
        const text = await created.prompt(
          input,
          options.abortSignal ? { signal: options.abortSignal } : {},
        );
        return {
          content: [{ type: 'text', text }],
          finishReason: { unified: 'stop', raw: undefined },
          usage: NO_USAGE,
          warnings: warnings(options),
        };
      } finally {
        created.destroy();
      }
    },
    async doStream(options) {
      const { created, input } = await session(options);
      const chunks = created.promptStreaming(
        input,
        options.abortSignal ? { signal: options.abortSignal } : {},
      );
      const reader = chunks.getReader();
      const stream = new ReadableStream<LanguageModelV4StreamPart>({
        start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: warnings(options) });
          controller.enqueue({ type: 'text-start', id: '0' });
        },
        async pull(controller) {
          try {
            const { done, value } = await reader.read();
            if (done) {
              controller.enqueue({ type: 'text-end', id: '0' });
              controller.enqueue({
                type: 'finish',
                usage: NO_USAGE,
                finishReason: { unified: 'stop', raw: undefined },
              });
              controller.close();
              created.destroy();
              return;
            }
            controller.enqueue({ type: 'text-delta', id: '0', delta: value });
          } catch (error) {
            created.destroy();
            controller.error(error);
          }
        },
        cancel() {
          void reader.cancel();
          created.destroy();
        },
      });
      return { stream };
    },
  };
}
