import { useState } from 'react';
import { keyStaysWith, type ModelSettings } from '../../src/models/model-settings';
import { defaultModelOf } from '../../src/models/provider-guide';
import {
  endpointAt,
  pickFrom,
  settingsOf,
  withPick,
  type ProviderEndpoint,
  type RemoteProviderId,
} from './provider-settings';

/**
 * What one provider's form holds: its endpoint, key and model, and the models its endpoint
 * listed. The model starts at the provider's default and becomes a pick from the list once
 * there is one. The saved key never goes to another endpoint origin unless typed in again.
 */
export function useProviderDraft(provider: RemoteProviderId, saved: ModelSettings | undefined) {
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

  /** The endpoint the form holds now. */
  const endpoint = () =>
    endpointAt(provider, provider === 'compatible' ? baseUrl : gatewayUrl.trim());

  /** The key sent to `to`: the saved one only where it stays with it, else none (and cleared). */
  function keyFor(to: ProviderEndpoint, typed: boolean, key: string) {
    if (typed || !saved?.apiKey || keyStaysWith(saved, to)) return key;
    setApiKey('');
    return '';
  }

  return {
    fields: { apiKey, baseUrl, gatewayUrl, model, models },
    keyTyped,
    endpoint,
    keyFor,
    /** The settings for the endpoint and key held now, with `pick` as the model. */
    settingsFor: (pick: string) =>
      settingsOf(saved, endpoint(), keyFor(endpoint(), keyTyped, apiKey), pick),
    typeKey(value: string) {
      setApiKey(value);
      setKeyTyped(true);
    },
    /** A new address: the old one's list no longer holds. */
    typeEndpoint(value: string) {
      if (provider === 'compatible') setBaseUrl(value);
      else setGatewayUrl(value);
      setModels(undefined);
    },
    /** A model the person picked or typed. */
    chooseModel(value: string) {
      setModel(value);
      setModelChosen(true);
    },
    /** Shows the models `found` and picks one of them; returns the pick. */
    showModels(found: string[]) {
      const pick = pickFrom(found, model, modelChosen);
      setModels(found.length ? withPick(found, pick) : undefined);
      setModel(pick);
      return pick;
    },
  };
}

export type ProviderDraft = ReturnType<typeof useProviderDraft>;
