import { describe, expect, it } from 'vitest';
import {
  chatModelLabel,
  settingsForChat,
  withDefaultModel,
  type ChatModel,
} from '../../../src/models/chat-model';
import type { ModelChoice } from '../../../src/models/model-choice';

const choice: ModelChoice = {
  active: 'openai',
  providers: {
    openai: { provider: 'openai', apiKey: 'sk-openai', model: 'gpt-4o' },
    anthropic: { provider: 'anthropic', apiKey: 'sk-ant', model: 'claude-sonnet-4-5' },
  },
};

describe('settingsForChat', () => {
  it('runs a chat with its own model on its own provider’s settings', () => {
    const chat: ChatModel = { provider: 'anthropic', model: 'claude-haiku-4-5' };
    expect(settingsForChat(choice, chat)).toEqual({
      provider: 'anthropic',
      apiKey: 'sk-ant',
      model: 'claude-haiku-4-5',
    });
  });

  it('uses the default for a chat without a model, or whose provider is no longer set up', () => {
    expect(settingsForChat(choice, undefined)).toEqual(choice.providers.openai);
    expect(settingsForChat(choice, { provider: 'google', model: 'gemini-2.5-flash' })).toEqual(
      choice.providers.openai,
    );
    expect(settingsForChat(undefined, { provider: 'openai', model: 'gpt-4o' })).toBeUndefined();
  });
});

describe('withDefaultModel', () => {
  it('makes the chosen provider active with the chosen model, keeping its key', () => {
    const next = withDefaultModel(choice, { provider: 'anthropic', model: 'claude-opus-4-1' });
    expect(next.active).toBe('anthropic');
    expect(next.providers.anthropic).toEqual({
      provider: 'anthropic',
      apiKey: 'sk-ant',
      model: 'claude-opus-4-1',
    });
    expect(next.providers.openai).toEqual(choice.providers.openai);
  });

  it('leaves the choice alone for a provider that is not set up', () => {
    expect(withDefaultModel(choice, { provider: 'google', model: 'gemini-2.5-pro' })).toBe(choice);
  });
});

describe('chatModelLabel', () => {
  it('names the provider only where several are set up', () => {
    const model: ChatModel = { provider: 'openai', model: 'gpt-4o' };
    expect(chatModelLabel(model, choice)).toBe('gpt-4o · OpenAI');
    expect(
      chatModelLabel(model, { active: 'openai', providers: { openai: choice.providers.openai } }),
    ).toBe('gpt-4o');
  });
});
