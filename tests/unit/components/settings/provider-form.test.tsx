// @vitest-environment happy-dom
/**
 * One provider's model form: the models listed once a key that looks whole is pasted (after a
 * pause, with no click, only where that asks Chrome nothing), the provider's default model kept
 * where it is listed, a refused key said in words with the key page, and in Settings each change
 * saved once it is checked (and nothing saved that did not change).
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProviderForm, type ProviderFormProps } from '../../../../components/settings/ProviderForm';
import { KEY_PAUSE_MS } from '../../../../components/settings/use-model-lookup';
import type { ModelSettings } from '../../../../src/models/model-settings';
import { PROVIDER_GUIDES } from '../../../../src/models/provider-guide';
import { ModelListError } from '../../../../src/errors/model-list-error';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderForm(overrides: Partial<ProviderFormProps> = {}) {
  const props: ProviderFormProps = {
    provider: 'openai',
    saved: undefined,
    onLoadModels: vi.fn(async () => ['other-model', PROVIDER_GUIDES.openai.defaultModel]),
    mayListUnasked: () => true,
    onSave: vi.fn(async () => undefined),
    saveAtOnce: false,
    submitLabel: 'Start chatting',
    ...overrides,
  };
  render(<ProviderForm {...props} />);
  return props;
}

const keyField = () => document.querySelector<HTMLInputElement>('input[aria-label="API key"]')!;
const modelField = () =>
  document.querySelector<HTMLInputElement | HTMLSelectElement>('[aria-label="Model"]')!;
const pasteKey = (key: string) => fireEvent.change(keyField(), { target: { value: key } });
const pause = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('the models of a pasted key', () => {
  it('are listed after a pause, with no click, once the key looks whole; the default stays picked', async () => {
    const props = renderForm();
    expect(modelField().value).toBe('gpt-4.1-mini');
    expect(modelField().tagName).toBe('INPUT');
    pasteKey('sk-abc');
    await pause(KEY_PAUSE_MS * 2);
    expect(props.onLoadModels).not.toHaveBeenCalled();

    pasteKey('sk-proj-0123456789');
    await pause(KEY_PAUSE_MS - 1);
    expect(props.onLoadModels).not.toHaveBeenCalled();
    await pause(1);
    expect(props.onLoadModels).toHaveBeenCalledExactlyOnceWith({
      provider: 'openai',
      apiKey: 'sk-proj-0123456789',
    });
    expect(modelField().tagName).toBe('SELECT');
    expect([...(modelField() as HTMLSelectElement).options].map((option) => option.value)).toEqual([
      'other-model',
      'gpt-4.1-mini',
    ]);
    expect(modelField().value).toBe('gpt-4.1-mini');
    screen.getByText('2 models found.');
    // The first run saves with its button only.
    expect(props.onSave).not.toHaveBeenCalled();
  });

  it('picks the first listed where the default is not, and only the last key typed counts', async () => {
    let answer: (models: string[]) => void = () => undefined;
    const props = renderForm({
      provider: 'google',
      onLoadModels: vi
        .fn<ProviderFormProps['onLoadModels']>()
        .mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)))
        .mockResolvedValue(['gemini-b', 'gemini-c']),
    });
    pasteKey('AIza-first-key-long');
    await pause(KEY_PAUSE_MS);
    pasteKey('AIza-second-key-long');
    await pause(KEY_PAUSE_MS);
    // The first key's answer comes last, and is not taken.
    await act(async () => answer(['stale-model']));
    expect(props.onLoadModels).toHaveBeenCalledTimes(2);
    expect(modelField().value).toBe('gemini-b');
  });

  it('are not asked for without a click where that would ask Chrome for the site first', async () => {
    const props = renderForm({ mayListUnasked: () => false, saveAtOnce: true });
    pasteKey('sk-proj-0123456789');
    await pause(KEY_PAUSE_MS * 2);
    expect(props.onLoadModels).not.toHaveBeenCalled();
    screen.getByText('A new key. Load models to check it; it is saved once it answers.');
    fireEvent.click(screen.getByText('Load models'));
    await pause(0);
    expect(props.onLoadModels).toHaveBeenCalledOnce();
  });

  it('says a refused key in words, with the page where keys are made', async () => {
    renderForm({
      provider: 'anthropic',
      onLoadModels: async () => {
        throw new ModelListError('key-refused', 'The API key was rejected (HTTP 401).', 401);
      },
    });
    pasteKey('sk-ant-wrong-key');
    await pause(KEY_PAUSE_MS);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(
      'Anthropic did not accept this key (HTTP 401). Check that you copied all of it, or make a new one:',
    );
    const link = alert.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://console.anthropic.com/settings/keys');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });
});

describe('in Settings, saving as it goes', () => {
  const saved: ModelSettings = { provider: 'anthropic', apiKey: 'sk-ant-old', model: 'claude-old' };

  it('keeps the saved model over the list, saves nothing unchanged, and saves a model once picked', async () => {
    const props = renderForm({
      provider: 'anthropic',
      saved,
      saveAtOnce: true,
      submitLabel: undefined,
      onLoadModels: vi.fn(async () => ['claude-a', 'claude-b']),
    });
    expect(screen.queryByRole('button', { name: /Save|Start chatting/ })).toBeNull();
    fireEvent.click(screen.getByText('Load models'));
    await pause(0);
    expect(modelField().value).toBe('claude-old');
    expect(props.onSave).not.toHaveBeenCalled();

    fireEvent.change(modelField(), { target: { value: 'claude-b' } });
    await pause(0);
    expect(props.onSave).toHaveBeenCalledExactlyOnceWith({
      provider: 'anthropic',
      apiKey: 'sk-ant-old',
      model: 'claude-b',
    });
    expect(screen.getByRole('status').textContent).toBe('Saved.');
  });

  it('saves a new key once its models are listed, and says why when saving fails', async () => {
    const props = renderForm({
      provider: 'anthropic',
      saved,
      saveAtOnce: true,
      submitLabel: undefined,
      onLoadModels: vi.fn(async () => ['claude-old']),
      onSave: vi.fn(async () => ({ error: 'Chrome said no.' })),
    });
    pasteKey('sk-ant-new-key-123');
    await pause(KEY_PAUSE_MS);
    expect(props.onSave).toHaveBeenCalledExactlyOnceWith({
      provider: 'anthropic',
      apiKey: 'sk-ant-new-key-123',
      model: 'claude-old',
    });
    expect(screen.getByRole('alert').textContent).toBe('Chrome said no.');
  });

  it('does not try a pasted key once the address changed before the pause ended', async () => {
    const props = renderForm();
    pasteKey('sk-proj-0123456789');
    await pause(KEY_PAUSE_MS / 2);
    fireEvent.change(screen.getByLabelText('API base URL (for a gateway or proxy)'), {
      target: { value: 'https://gateway.example/v1' },
    });
    await pause(KEY_PAUSE_MS * 2);
    // The key was typed for the address before: it is tried again with Load models, not sent
    // on its own to an address the form no longer holds.
    expect(props.onLoadModels).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('Load models'));
    await pause(0);
    expect(props.onLoadModels).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ baseUrl: 'https://gateway.example/v1' }),
    );
  });

  it('keeps what a local server said its models can do while the address stays', async () => {
    const local: ModelSettings = {
      provider: 'compatible',
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'qwen3:8b',
      capabilities: { 'qwen3:8b': { tools: true }, 'gemma3:4b': { tools: false } },
    };
    const props = renderForm({
      provider: 'compatible',
      saved: local,
      saveAtOnce: true,
      submitLabel: undefined,
      onLoadModels: vi.fn(async () => ['gemma3:4b', 'qwen3:8b']),
    });
    fireEvent.click(screen.getByText('Load models'));
    await pause(0);
    fireEvent.change(modelField(), { target: { value: 'gemma3:4b' } });
    await pause(0);
    expect(props.onSave).toHaveBeenCalledExactlyOnceWith({ ...local, model: 'gemma3:4b' });
  });
});
