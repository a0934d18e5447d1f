import { lazy, Suspense, useState } from 'react';
import { listModels } from '../../src/models/model';
import {
  endpointOf,
  modelSettingsSchema,
  type ModelSettings,
  type ProviderId,
} from '../../src/models/model-settings';
import { isLoopbackHost } from '../../src/net/private-network';
import { sitesRefused, type AskForSites } from '../../src/permissions/ask-for-sites';
import { InUse } from './InUse';
import './model-setup.css';
import { ModelSettingsForm } from './ModelSettingsForm';
import type { useModelChoice } from './use-model-choice';
import { PatchbayError } from '../../src/errors/patchbay-error';

// The local servers' part loads when a settings form first shows (not in the panel's first load).
const LocalModelsSection = lazy(() => import('./local/LocalModelsSection'));

export interface ModelSetupProps {
  models: ReturnType<typeof useModelChoice>;
  onDeviceOffered: boolean;
  /** `first-run`: a welcome's form, ending with "Start chatting"; `settings`: saves as it goes. */
  mode: 'first-run' | 'settings';
  /** The provider whose form shows first (a chat's failure points at it); else the one in use. */
  provider?: ProviderId;
  /** Asks Chrome, within the Save or Load models click, for the model endpoint's site. */
  askForSites: AskForSites;
  /** Lets model servers on this machine serve Patchbay's requests (chrome-local-origins.ts). */
  serveLocalOrigins(origins: readonly string[]): Promise<boolean>;
}

/**
 * The model: which provider, its key and model, and models running on this machine; saved to
 * the person's providers. Loaded with its first showing (the first run or Settings), not with
 * the panel.
 */
export default function ModelSetup({
  models,
  onDeviceOffered,
  mode,
  provider,
  askForSites,
  serveLocalOrigins,
}: ModelSetupProps) {
  // A model picked from this machine's servers starts the form afresh, showing that provider.
  const [picks, setPicks] = useState(0);
  const save = async (draft: unknown) => {
    const parsed = modelSettingsSchema.safeParse(draft);
    if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Check the settings.' };
    const site = endpointSite(parsed.data);
    const allowed = site ? askForSites([site]) : Promise.resolve(true);
    // Saved whatever Chrome answers: nothing the person typed is lost.
    await models.saveProvider(parsed.data);
    if (site && !(await allowed))
      return {
        error: sitesRefused([site], 'The model cannot answer until then; Load models to be asked.'),
      };
    if (site && isLocal(site)) await serveLocalOrigins([site]);
    return undefined;
  };
  const firstRun = mode === 'first-run';
  // Offered as the way without a key where the browser has no model of its own.
  const suggested = firstRun && !onDeviceOffered;
  const local = (
    <Suspense fallback={null}>
      <LocalModelsSection
        askForSites={askForSites}
        serveLocalOrigins={serveLocalOrigins}
        onPick={(settings: ModelSettings) =>
          void save(settings).then(() => setPicks((count) => count + 1))
        }
        suggested={suggested}
      />
    </Suspense>
  );
  return (
    <>
      {firstRun ? null : <InUse choice={models.choice} />}
      <ModelSettingsForm
        key={picks}
        choice={models.choice}
        onLoadModels={async (draft) => {
          const site = endpointSite(draft);
          if (site && !(await askForSites([site])))
            throw new PatchbayError(
              'not-allowed',
              sitesRefused([site], 'Load models again to be asked again.'),
            );
          if (site && isLocal(site)) await serveLocalOrigins([site]);
          return listModels(draft);
        }}
        mayListUnasked={(draft) => {
          const site = endpointSite(draft);
          return !site || (askForSites.allows?.([site]) ?? false);
        }}
        onSave={save}
        onActivate={(provider) => void models.activate(provider)}
        onDeviceOffered={onDeviceOffered}
        mode={mode}
        {...(provider ? { provider } : {})}
      />
      {suggested ? <p className="or-rule">or, without a key</p> : null}
      {local}
    </>
  );
}

function isLocal(endpoint: string): boolean {
  return isLoopbackHost(new URL(endpoint).hostname);
}

/**
 * The site a model's endpoint needs Chrome's permission for: a custom one (a local model, a
 * gateway). The hosted providers' own APIs answer extension pages without it (CORS), so
 * choosing OpenAI, Anthropic or Gemini asks nothing.
 */
function endpointSite(settings: { provider: ProviderId; baseUrl?: string }): string | undefined {
  return settings.provider !== 'chrome' && settings.baseUrl ? endpointOf(settings) : undefined;
}
