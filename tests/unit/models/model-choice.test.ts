import { describe, expect, it } from 'vitest';
import {
  activeSettings,
  loadModelChoice,
  MODEL_CHOICE_KEY,
  parseModelChoice,
  withActive,
  withProviderSettings,
} from '../../../src/models/model-choice';
import { MODEL_SETTINGS_KEY } from '../../../src/models/model-settings';
import { createMemoryStore } from '../../../src/platform/memory';

const oldOpenAI = {
  provider: 'openai',
  apiKey: 'sk-old',
  model: 'gpt-4.1-mini',
  baseUrl: 'https://gateway.example/v1',
};

describe('settings saved by earlier versions', () => {
  it('move into the new layout as the active provider, and the old entry goes', async () => {
    const store = createMemoryStore({ [MODEL_SETTINGS_KEY]: oldOpenAI });
    const choice = await loadModelChoice(store);
    expect(choice).toEqual({ active: 'openai', providers: { openai: oldOpenAI } });
    expect(activeSettings(choice)).toEqual(oldOpenAI);
    expect(await store.get(MODEL_CHOICE_KEY)).toEqual(choice);
    expect(await store.get(MODEL_SETTINGS_KEY)).toBeUndefined();
    // Read again: the same, from the new entry alone.
    await expect(loadModelChoice(store)).resolves.toEqual(choice);
  });

  it('keep a local endpoint saved before the https rule, without a key', async () => {
    const old = { provider: 'compatible', baseUrl: 'http://192.168.1.20:11434/v1', model: 'llama' };
    const store = createMemoryStore({ [MODEL_SETTINGS_KEY]: old });
    await expect(loadModelChoice(store)).resolves.toEqual({
      active: 'compatible',
      providers: { compatible: old },
    });
  });

  it('join providers already set up in the new layout', async () => {
    const anthropic = { provider: 'anthropic', apiKey: 'sk-ant', model: 'claude' };
    const store = createMemoryStore({
      [MODEL_CHOICE_KEY]: { active: 'anthropic', providers: { anthropic } },
      [MODEL_SETTINGS_KEY]: oldOpenAI,
    });
    await expect(loadModelChoice(store)).resolves.toEqual({
      active: 'openai',
      providers: { anthropic, openai: oldOpenAI },
    });
  });

  it('stay where they are when they no longer parse', async () => {
    const store = createMemoryStore({ [MODEL_SETTINGS_KEY]: { provider: 'openai' } });
    await expect(loadModelChoice(store)).resolves.toBeUndefined();
    expect(await store.get(MODEL_SETTINGS_KEY)).toEqual({ provider: 'openai' });
  });

  it('are nothing to move when there are none', async () => {
    await expect(loadModelChoice(createMemoryStore())).resolves.toBeUndefined();
  });
});

describe('the stored choice', () => {
  const google = { provider: 'google', apiKey: 'g', model: 'gemini' } as const;
  const anthropic = { provider: 'anthropic', apiKey: 'a', model: 'claude' } as const;

  it("drops an entry filed under another provider's name: its key belongs elsewhere", () => {
    expect(
      parseModelChoice({ active: 'google', providers: { google: anthropic, anthropic } }),
    ).toEqual({ active: 'anthropic', providers: { anthropic } });
  });

  it('falls back to a set-up provider when the active one has no settings', () => {
    expect(parseModelChoice({ active: 'openai', providers: { google } })).toEqual({
      active: 'google',
      providers: { google },
    });
    expect(parseModelChoice({ active: 'openai', providers: {} })).toBeUndefined();
    expect(parseModelChoice('nonsense')).toBeUndefined();
  });

  it('saves a provider as the active one and switches only to set-up providers', () => {
    const one = withProviderSettings(undefined, google);
    const two = withProviderSettings(one, anthropic);
    expect(two).toEqual({ active: 'anthropic', providers: { google, anthropic } });
    expect(withActive(two, 'google').active).toBe('google');
    expect(withActive(two, 'openai')).toBe(two);
  });
});
