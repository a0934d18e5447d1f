// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { generateText } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModelSettingsForm } from '../../components/settings/ModelSettingsForm';
import { createLanguageModel, listModels } from '../../src/ai/model';
import {
  keyStaysWith,
  modelSettingsSchema,
  storedModelSettingsSchema,
  type ModelSettings,
} from '../../src/ai/model-settings';

afterEach(cleanup);

const local: ModelSettings = {
  provider: 'compatible',
  baseUrl: 'http://localhost:11434/v1',
  apiKey: 'local-key',
  model: 'llama',
};

describe('model endpoints', () => {
  it('accepts https anywhere and plain http only to this machine', () => {
    const with_ = (baseUrl: string) =>
      modelSettingsSchema.safeParse({ provider: 'compatible', baseUrl, model: 'm' });
    expect(with_('https://models.example.com/v1').success).toBe(true);
    expect(with_('http://127.0.0.1:1234/v1').success).toBe(true);
    expect(with_('ws://127.0.0.1:1234/v1').success).toBe(false);
    const remote = with_('http://192.168.1.20:11434/v1');
    expect(remote.success).toBe(false);
    expect(remote.error?.issues[0]?.message).toMatch(/Use https:\/\/ for a remote endpoint/);
  });

  it('keeps settings saved before the rule, and refuses to send the key over plain http', async () => {
    const old = { provider: 'compatible', baseUrl: 'http://192.168.1.20:11434/v1', model: 'm' };
    expect(storedModelSettingsSchema.safeParse(old).success).toBe(true);
    const network = vi.fn<typeof fetch>();
    await expect(listModels({ ...old, provider: 'compatible' }, network)).rejects.toThrow(
      /is not used: Use https:\/\/ for a remote endpoint/,
    );
    const model = createLanguageModel({ ...old, provider: 'compatible', apiKey: 'k' }, network);
    await expect(generateText({ model, prompt: 'hi', maxRetries: 0 })).rejects.toThrow(
      /Change it in Settings/,
    );
    expect(network).not.toHaveBeenCalled();
  });
});

describe('the API key stays with its endpoint', () => {
  it('goes with the same provider at the same origin only', () => {
    expect(
      keyStaysWith(local, { provider: 'compatible', baseUrl: 'http://localhost:11434/v2' }),
    ).toBe(true);
    expect(
      keyStaysWith(local, { provider: 'compatible', baseUrl: 'https://evil.example/v1' }),
    ).toBe(false);
    expect(keyStaysWith(local, { provider: 'openai' })).toBe(false);
    expect(
      keyStaysWith(
        { provider: 'openai', apiKey: 'sk', model: 'gpt' },
        { provider: 'openai', baseUrl: 'https://gateway.example/v1' },
      ),
    ).toBe(false);
  });

  it('is not sent to a new endpoint when models are listed, and the form asks for a new one', async () => {
    const onLoadModels = vi.fn(async () => ['m']);
    render(
      <ModelSettingsForm
        initial={local}
        onLoadModels={onLoadModels}
        onSave={async () => undefined}
        submitLabel="Save"
      />,
    );
    fireEvent.change(screen.getByLabelText('Endpoint URL'), {
      target: { value: 'https://elsewhere.example/v1' },
    });
    fireEvent.click(screen.getByText('Load models'));
    await waitFor(() => expect(onLoadModels).toHaveBeenCalled(), { timeout: 4_000 });
    expect(onLoadModels).toHaveBeenCalledWith({
      provider: 'compatible',
      baseUrl: 'https://elsewhere.example/v1',
    });
    await screen.findByText(
      '1 models found. The saved key belongs to another endpoint; enter the key for this one.',
      {},
      { timeout: 4_000 },
    );
    expect((screen.getByLabelText('API key') as HTMLInputElement).value).toBe('');

    // Typed in again for the new endpoint, it is the person's choice, and it is sent.
    fireEvent.change(screen.getByLabelText('API key'), { target: { value: 'local-key' } });
    fireEvent.click(screen.getByText('Load models'));
    await waitFor(
      () =>
        expect(onLoadModels).toHaveBeenLastCalledWith({
          provider: 'compatible',
          baseUrl: 'https://elsewhere.example/v1',
          apiKey: 'local-key',
        }),
      { timeout: 4_000 },
    );
  });
});
