import { useEffect, useRef, useState } from 'react';
import { keyStaysWith, type ModelSettings, type ProviderId } from '../../src/models/model-settings';
import { defaultModelOf, keyLooksComplete } from '../../src/models/provider-guide';
import { errorMessage } from '../../src/errors/error-message';
import { ModelListError } from '../../src/errors/model-list-error';

export interface ModelListDraft {
  provider: ProviderId;
  baseUrl?: string;
  apiKey?: string;
}

/** The providers reached over the network, with a key and an endpoint. */
export type RemoteProviderId = Exclude<ProviderId, 'chrome'>;

export interface ProviderFormOptions {
  provider: RemoteProviderId;
  /** This provider's saved settings: its key is never offered to another provider. */
  saved: ModelSettings | undefined;
  onLoadModels(draft: ModelListDraft): Promise<string[]>;
  /** Whether listing this draft's models asks Chrome nothing (so a pasted key may list them). */
  mayListUnasked(draft: ModelListDraft): boolean;
  onSave(settings: unknown): Promise<{ error?: string } | undefined>;
  /** Settings: every change is saved once it is checked. First run: the form's button saves. */
  saveAtOnce: boolean;
}

/** What the form says under its fields: where it stands, or what went wrong. */
export type FormStatus =
  | { tone: 'note' | 'saved'; text: string }
  /** `keyRefused`: the HTTP status with which the endpoint refused the key. */
  | { tone: 'error'; text: string; keyRefused?: number };

/** How long typing pauses before a pasted or typed key is tried. */
export const KEY_PAUSE_MS = 600;

const KEY_LEFT_BEHIND = 'The saved key belongs to another endpoint; enter the key for this one.';
const CHECK_FIRST = 'Load models to check it; it is saved once it answers.';

/**
 * One provider's form: its endpoint, key and model, the models its endpoint lists (as soon as
 * a key that looks whole is pasted, where that asks Chrome nothing, else on Load models), and
 * saving. The model starts at the provider's default and becomes a pick from the list once
 * there is one.
 */
export function useProviderForm(options: ProviderFormOptions) {
  const { provider, saved, saveAtOnce } = options;
  const [apiKey, setApiKey] = useState(saved?.apiKey ?? '');
  /** The key field holds what the person typed, not the key loaded from storage. */
  const [keyTyped, setKeyTyped] = useState(false);
  const [baseUrl, setBaseUrl] = useState(
    provider === 'compatible' ? (saved?.baseUrl ?? 'http://localhost:11434/v1') : '',
  );
  const [gatewayUrl, setGatewayUrl] = useState(
    provider !== 'compatible' ? (saved?.baseUrl ?? '') : '',
  );
  const [model, setModel] = useState(saved?.model ?? defaultModelOf(provider));
  /** The model is the person's (saved or picked), not the default put there for them. */
  const [modelChosen, setModelChosen] = useState(Boolean(saved));
  const [models, setModels] = useState<string[] | undefined>();
  const [status, setStatus] = useState<FormStatus | undefined>();
  const [working, setWorking] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef(0);
  useEffect(() => () => clearTimeout(timer.current), []);

  const endpointAt = (url: string | undefined) => ({ provider, ...(url ? { baseUrl: url } : {}) });
  /** The endpoint the form holds now. */
  const endpoint = () => endpointAt(provider === 'compatible' ? baseUrl : gatewayUrl.trim());

  /** The saved key never goes to another endpoint origin unless typed in again for it. */
  function keyFor(draft: { provider: ProviderId; baseUrl?: string }, typed: boolean, key: string) {
    if (typed || !saved?.apiKey || keyStaysWith(saved, draft)) return key;
    setApiKey('');
    return '';
  }

  function settingsOf(draft: ReturnType<typeof endpointAt>, key: string, pick: string) {
    if (provider !== 'compatible') return { ...draft, apiKey: key, model: pick };
    // What a local server said its models can do stays while the address does.
    const known =
      saved?.provider === 'compatible' && saved.baseUrl === draft.baseUrl
        ? saved.capabilities
        : undefined;
    return {
      provider,
      baseUrl: draft.baseUrl ?? '',
      model: pick,
      ...(key ? { apiKey: key } : {}),
      ...(known ? { capabilities: known } : {}),
    };
  }

  async function save(settings: Record<string, unknown>): Promise<boolean> {
    setWorking(true);
    let outcome: { error?: string } | undefined;
    try {
      outcome = await options.onSave(settings);
    } catch (caught) {
      outcome = { error: errorMessage(caught) };
    } finally {
      setWorking(false);
    }
    if (outcome?.error) setStatus({ tone: 'error', text: outcome.error });
    else if (saveAtOnce) setStatus({ tone: 'saved', text: 'Saved.' });
    return !outcome?.error;
  }

  const unchanged = (settings: Record<string, unknown>) =>
    saved !== undefined &&
    JSON.stringify(settingsOf(endpointAt(saved.baseUrl), saved.apiKey ?? '', saved.model)) ===
      JSON.stringify(settings);

  async function loadModels(typed = keyTyped, key = apiKey) {
    clearTimeout(timer.current);
    const request = ++latest.current;
    const draft = endpoint();
    const sent = keyFor(draft, typed, key);
    setWorking(true);
    setStatus({ tone: 'note', text: 'Looking up the models…' });
    try {
      const found = await options.onLoadModels({ ...draft, ...(sent ? { apiKey: sent } : {}) });
      if (request !== latest.current) return;
      setWorking(false);
      const pick = pickFrom(found, model, modelChosen);
      setModels(found.length ? withPick(found, pick) : undefined);
      setModel(pick);
      const note = [
        found.length
          ? `${found.length} models found.`
          : 'The endpoint lists no models; type the model name.',
        sent === key ? '' : KEY_LEFT_BEHIND,
      ];
      setStatus({ tone: 'note', text: note.filter(Boolean).join(' ') });
      const settings = settingsOf(draft, sent, pick);
      if (saveAtOnce && pick && !unchanged(settings) && (await save(settings)))
        setStatus({ tone: 'saved', text: `${note.filter(Boolean).join(' ')} Saved.` });
    } catch (caught) {
      if (request !== latest.current) return;
      setWorking(false);
      setStatus({
        tone: 'error',
        text: errorMessage(caught),
        ...(ModelListError.isInstance(caught) && caught.kind === 'key-refused'
          ? { keyRefused: caught.status ?? 401 }
          : {}),
      });
    }
  }

  function changeKey(value: string) {
    setApiKey(value);
    setKeyTyped(true);
    // The list stays until the new key's arrives (the same endpoint): no flicker while typing.
    clearTimeout(timer.current);
    latest.current += 1;
    const draft = endpoint();
    if (keyLooksComplete(value) && options.mayListUnasked(draft)) {
      setStatus(undefined);
      timer.current = setTimeout(() => void loadModels(true, value), KEY_PAUSE_MS);
    } else {
      setStatus(
        saveAtOnce && value ? { tone: 'note', text: `A new key. ${CHECK_FIRST}` } : undefined,
      );
    }
  }

  function changeEndpoint(value: string) {
    if (provider === 'compatible') setBaseUrl(value);
    else setGatewayUrl(value);
    setModels(undefined);
    latest.current += 1;
    setStatus(saveAtOnce ? { tone: 'note', text: `A new address. ${CHECK_FIRST}` } : undefined);
  }

  /** A model picked from the list: saved at once in Settings. */
  function chooseModel(value: string) {
    setModel(value);
    setModelChosen(true);
    if (saveAtOnce) void save(settingsOf(endpoint(), keyFor(endpoint(), keyTyped, apiKey), value));
  }

  /** A model name typed (no list): saved in Settings when the field is left or Enter pressed. */
  function typeModel(value: string) {
    setModel(value);
    setModelChosen(true);
  }
  function commitModel() {
    if (!saveAtOnce || !model.trim()) return;
    const settings = settingsOf(endpoint(), keyFor(endpoint(), keyTyped, apiKey), model.trim());
    if (!unchanged(settings)) void save(settings);
  }

  /** First run's button: saves what the form holds. */
  async function submit() {
    const draft = endpoint();
    const key = keyFor(draft, keyTyped, apiKey);
    if (key !== apiKey) setStatus({ tone: 'note', text: KEY_LEFT_BEHIND });
    await save(settingsOf(draft, key, model));
  }

  return {
    fields: { apiKey, baseUrl, gatewayUrl, model, models },
    status,
    working,
    changeKey,
    changeEndpoint,
    loadModels: () => void loadModels(),
    chooseModel,
    typeModel,
    commitModel,
    submit,
  };
}

/**
 * The model once the list is in: the person's own pick stays (even if unlisted: a gateway may
 * list a part of what it serves); the default stays if listed; else the first listed.
 */
function pickFrom(found: string[], current: string, chosen: boolean): string {
  if (chosen && current) return current;
  if (current && found.includes(current)) return current;
  return found[0] ?? current;
}

/** The list offered, with the pick in it. */
function withPick(found: string[], pick: string): string[] {
  return pick && !found.includes(pick) ? [pick, ...found] : found;
}
