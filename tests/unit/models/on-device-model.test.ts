import { generateText, jsonSchema, streamText, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { createLanguageModel } from '../../../src/models/model';
import { modelSettingsSchema } from '../../../src/models/model-settings';
import {
  createOnDeviceModel,
  onDeviceModelOffered,
  type PromptApi,
} from '../../../src/models/on-device-model';

/** A stand-in for Chrome's LanguageModel: records sessions, answers in the given pieces. */
function standIn(pieces: string[], availability = 'available') {
  const sessions: { initialPrompts: unknown; inputs: string[]; destroyed: boolean }[] = [];
  const api: PromptApi = {
    availability: async () => availability,
    create: async (options) => {
      const session = {
        initialPrompts: options.initialPrompts,
        inputs: [] as string[],
        destroyed: false,
      };
      sessions.push(session);
      return {
        prompt: async (input) => {
          session.inputs.push(input);
          return pieces.join('');
        },
        promptStreaming: (input) => {
          session.inputs.push(input);
          return new ReadableStream<string>({
            start(controller) {
              for (const piece of pieces) controller.enqueue(piece);
              controller.close();
            },
          });
        },
        destroy: () => {
          session.destroyed = true;
        },
      };
    },
  };
  return { api, sessions };
}

describe("Chrome's built-in model", () => {
  it('streams the answer to the last question, with the conversation before it', async () => {
    const { api, sessions } = standIn(['On ', 'this ', 'device.']);
    const result = streamText({
      model: createOnDeviceModel(api),
      system: 'Be brief.',
      messages: [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello!' },
        { role: 'user', content: 'Where do you run?' },
      ],
    });
    await expect(result.text).resolves.toBe('On this device.');
    expect(sessions).toEqual([
      {
        initialPrompts: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'Hello!' },
        ],
        inputs: ['Where do you run?'],
        destroyed: true,
      },
    ]);
  });

  it('answers without streaming (sampling) and says it has no tools', async () => {
    const { api } = standIn(['A calm sea.']);
    const result = await generateText({
      model: createOnDeviceModel(api),
      prompt: 'Describe the sea',
      tools: {
        echo: tool({ inputSchema: jsonSchema({ type: 'object', properties: {} }) }),
      },
    });
    expect(result.text).toBe('A calm sea.');
    expect(result.warnings).toContainEqual(expect.objectContaining({ feature: 'tools' }));
  });

  it('is offered when Chrome says it is available or can be downloaded', async () => {
    await expect(onDeviceModelOffered(standIn([], 'available').api)).resolves.toBe(true);
    await expect(onDeviceModelOffered(standIn([], 'downloadable').api)).resolves.toBe(true);
    await expect(onDeviceModelOffered(standIn([], 'unavailable').api)).resolves.toBe(false);
    await expect(onDeviceModelOffered(undefined)).resolves.toBe(false);
  });

  it('is set up without a key or endpoint, and the factory makes it', async () => {
    const parsed = modelSettingsSchema.parse({ provider: 'chrome', model: 'on-device' });
    expect(createLanguageModel(parsed)).toMatchObject({ provider: 'chrome.on-device' });
    // Where the browser has none, the chat says so instead of failing obscurely.
    await expect(
      generateText({ model: createOnDeviceModel(undefined), prompt: 'hi', maxRetries: 0 }),
    ).rejects.toThrow('This browser has no built-in model. Pick another in Settings.');
  });
});
