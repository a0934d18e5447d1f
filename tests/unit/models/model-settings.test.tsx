// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { generateText } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModelSettingsForm } from '../../../components/settings/ModelSettingsForm';
import { createLanguageModel, listModels } from '../../../src/models/model';
import {
  keyStaysWith,
  modelSettingsSchema,
  storedModelSettingsSchema,
  type ModelSettings,
} from '../../../src/models/model-settings';

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
        choice={{ active: 'compatible', providers: { compatible: local } }}
        onLoadModels={onLoadModels}
        onSave={async () => undefined}
        onActivate={() => undefined}
        mode="first-run"
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

describe('several providers set up at once', () => {
  const anthropic: ModelSettings = {
    provider: 'anthropic',
    apiKey: 'sk-ant-saved',
    model: 'claude-saved',
  };
  const google: ModelSettings = { provider: 'google', apiKey: 'g-saved', model: 'gemini-saved' };

  const keyField = () => document.querySelector<HTMLInputElement>('input[aria-label="API key"]')!;

  function renderForm(overrides: Partial<Parameters<typeof ModelSettingsForm>[0]> = {}) {
    const props = {
      choice: { active: 'anthropic' as const, providers: { anthropic, google } },
      onLoadModels: vi.fn(async () => ['m']),
      onSave: vi.fn(async () => undefined),
      onActivate: vi.fn(),
      mode: 'first-run' as const,
      ...overrides,
    };
    render(<ModelSettingsForm {...props} />);
    return props;
  }

  it('marks the provider in use, and in Settings uses a set-up provider once it is chosen', () => {
    const props = renderForm({ mode: 'settings' });
    expect(screen.queryByLabelText('Active model')).toBeNull();
    const radio = (name: RegExp) => screen.getByLabelText(name) as HTMLInputElement;
    expect(radio(/^Anthropic/).checked).toBe(true);
    expect(radio(/^Anthropic/).parentElement?.textContent).toBe('Anthropic (in use)');
    expect(radio(/^Google \(Gemini API\)/).parentElement?.textContent).toBe(
      'Google (Gemini API) (set up)',
    );
    fireEvent.click(radio(/^Google \(Gemini API\)/));
    expect(props.onActivate).toHaveBeenCalledWith('google');
    // A provider not set up is only shown: nothing is saved until its key answers.
    fireEvent.click(radio(/^OpenAI$/));
    expect(props.onActivate).toHaveBeenCalledTimes(1);
    expect(props.onSave).not.toHaveBeenCalled();
  });

  it('in the first run, choosing a provider uses nothing yet', () => {
    const props = renderForm();
    fireEvent.click(screen.getByLabelText(/^Google \(Gemini API\)/));
    expect(props.onActivate).not.toHaveBeenCalled();
  });

  it("shows each provider's own key, and never sends one provider's key to another", async () => {
    const props = renderForm();
    expect(keyField().value).toBe('sk-ant-saved');
    fireEvent.click(screen.getByLabelText(/^Google \(Gemini API\)/));
    expect(keyField().value).toBe('g-saved');
    expect(document.querySelector<HTMLInputElement>('input[aria-label="Model"]')!.value).toBe(
      'gemini-saved',
    );
    fireEvent.click(screen.getByLabelText(/^OpenAI \(|^OpenAI$/));
    expect(keyField().value).toBe('');
    fireEvent.click(screen.getByText('Load models'));
    await waitFor(() => expect(props.onLoadModels).toHaveBeenCalledWith({ provider: 'openai' }));

    fireEvent.click(screen.getByLabelText(/^Google \(Gemini API\)/));
    fireEvent.click(screen.getByText('Load models'));
    await waitFor(() =>
      expect(props.onLoadModels).toHaveBeenLastCalledWith({
        provider: 'google',
        apiKey: 'g-saved',
      }),
    );
    fireEvent.click(screen.getByText('Start chatting'));
    await waitFor(() =>
      expect(props.onSave).toHaveBeenCalledWith({
        provider: 'google',
        apiKey: 'g-saved',
        model: 'gemini-saved',
      }),
    );
  });

  it('keeps a saved key from an endpoint override at another origin', async () => {
    const props = renderForm();
    fireEvent.change(screen.getByLabelText('API base URL (for a gateway or proxy)'), {
      target: { value: 'https://gateway.example/v1' },
    });
    fireEvent.click(screen.getByText('Start chatting'));
    await waitFor(() =>
      expect(props.onSave).toHaveBeenCalledWith({
        provider: 'anthropic',
        baseUrl: 'https://gateway.example/v1',
        apiKey: '',
        model: 'claude-saved',
      }),
    );
  });

  it('accepts Anthropic and Gemini settings with an https or loopback endpoint only', () => {
    for (const provider of ['anthropic', 'google'] as const) {
      const with_ = (baseUrl?: string) =>
        modelSettingsSchema.safeParse({
          provider,
          apiKey: 'k',
          model: 'm',
          ...(baseUrl ? { baseUrl } : {}),
        }).success;
      expect(with_()).toBe(true);
      expect(with_('https://gateway.example/v1')).toBe(true);
      expect(with_('http://127.0.0.1:8080/v1')).toBe(true);
      expect(with_('http://gateway.example/v1')).toBe(false);
      expect(modelSettingsSchema.safeParse({ provider, model: 'm' }).success).toBe(false);
    }
  });
});

describe("Chrome's built-in model in Settings", () => {
  it('is offered only where the browser has it, and saves without a key', async () => {
    const onSave = vi.fn(async () => undefined);
    const props = {
      choice: undefined,
      onLoadModels: async () => [],
      onSave,
      onActivate: () => undefined,
      mode: 'first-run' as const,
    };
    const { rerender } = render(<ModelSettingsForm {...props} />);
    expect(screen.queryByLabelText('On this device (Chrome)')).toBeNull();
    rerender(<ModelSettingsForm {...props} onDeviceOffered />);
    fireEvent.click(screen.getByLabelText('On this device (Chrome)'));
    expect(document.querySelector('input[aria-label="API key"]')).toBeNull();
    fireEvent.click(screen.getByText('Start chatting'));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({ provider: 'chrome', model: 'on-device' }),
    );
  });

  it('in Settings, is used once chosen: there is nothing to enter', async () => {
    const onSave = vi.fn(async () => undefined);
    render(
      <ModelSettingsForm
        choice={undefined}
        onLoadModels={async () => []}
        onSave={onSave}
        onActivate={() => undefined}
        onDeviceOffered
        mode="settings"
      />,
    );
    expect(screen.queryByRole('button', { name: /Save|Start chatting/ })).toBeNull();
    fireEvent.click(screen.getByLabelText('OpenAI'));
    fireEvent.click(screen.getByLabelText('On this device (Chrome)'));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledExactlyOnceWith({ provider: 'chrome', model: 'on-device' }),
    );
  });
});
