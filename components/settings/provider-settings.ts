import type { ModelSettings, ProviderId } from '../../src/models/model-settings';

/** The providers reached over the network, with a key and an endpoint. */
export type RemoteProviderId = Exclude<ProviderId, 'chrome'>;

/** What a provider's models are listed with: its endpoint, and a key where there is one. */
export interface ModelListDraft {
  provider: ProviderId;
  baseUrl?: string;
  apiKey?: string;
}

/** An endpoint as the provider form holds it: the provider, and its address where one is set. */
export interface ProviderEndpoint {
  provider: RemoteProviderId;
  baseUrl?: string;
}

export const endpointAt = (
  provider: RemoteProviderId,
  url: string | undefined,
): ProviderEndpoint => ({
  provider,
  ...(url ? { baseUrl: url } : {}),
});

/**
 * The settings saved for an endpoint, key and model. `saved`: this provider's saved settings,
 * whose model capabilities a local server reported stay while the address does.
 */
export function settingsOf(
  saved: ModelSettings | undefined,
  endpoint: ProviderEndpoint,
  key: string,
  pick: string,
) {
  if (endpoint.provider !== 'compatible') return { ...endpoint, apiKey: key, model: pick };
  const known =
    saved?.provider === 'compatible' && saved.baseUrl === endpoint.baseUrl
      ? saved.capabilities
      : undefined;
  return {
    provider: endpoint.provider,
    baseUrl: endpoint.baseUrl ?? '',
    model: pick,
    ...(key ? { apiKey: key } : {}),
    ...(known ? { capabilities: known } : {}),
  };
}

/** Whether `settings` are what is saved already for the form's provider (nothing to save). */
export function sameAsSaved(
  provider: RemoteProviderId,
  saved: ModelSettings | undefined,
  settings: Record<string, unknown>,
): boolean {
  return (
    saved !== undefined &&
    JSON.stringify(
      settingsOf(saved, endpointAt(provider, saved.baseUrl), saved.apiKey ?? '', saved.model),
    ) === JSON.stringify(settings)
  );
}

/**
 * The model once the list is in: the person's own pick stays (even if unlisted: a gateway may
 * list a part of what it serves); the default stays if listed; else the first listed.
 */
export function pickFrom(found: string[], current: string, chosen: boolean): string {
  if (chosen && current) return current;
  if (current && found.includes(current)) return current;
  return found[0] ?? current;
}

/** The list offered, with the pick in it. */
export function withPick(found: string[], pick: string): string[] {
  return pick && !found.includes(pick) ? [pick, ...found] : found;
}
