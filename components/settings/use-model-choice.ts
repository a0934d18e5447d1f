import { useCallback, useEffect, useRef, useState } from 'react';
import { withDefaultModel, type ChatModel } from '../../src/models/chat-model';
import {
  activeSettings,
  loadModelChoice,
  saveModelChoice,
  withActive,
  withProviderSettings,
  type ModelChoice,
} from '../../src/models/model-choice';
import type { ModelSettings, ProviderId } from '../../src/models/model-settings';
import { onDeviceModelOffered } from '../../src/models/on-device-model';
import type { KeyValueStore } from '../../src/platform/ports';

/** The providers set up in chrome.storage.local (settings of earlier versions moved in). */
export function useModelChoice(store: KeyValueStore) {
  const [choice, setChoice] = useState<ModelChoice | undefined>();
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let active = true;
    void loadModelChoice(store).then((found) => {
      if (!active) return;
      setChoice(found);
      setLoaded(true);
    });
    return () => {
      active = false;
    };
  }, [store]);
  /** Read fresh for every request, so a changed model or key applies to the next message. */
  const loadSettings = useCallback(
    async (): Promise<ModelSettings | undefined> => activeSettings(await loadModelChoice(store)),
    [store],
  );
  const saveProvider = useCallback(
    async (settings: ModelSettings) => {
      const next = withProviderSettings(await loadModelChoice(store), settings);
      await saveModelChoice(store, next);
      setChoice(next);
    },
    [store],
  );
  /** Changes the stored choice, if there is one, and shows the result. */
  const update = useCallback(
    async (change: (current: ModelChoice) => ModelChoice) => {
      const current = await loadModelChoice(store);
      if (!current) return;
      const next = change(current);
      await saveModelChoice(store, next);
      setChoice(next);
    },
    [store],
  );
  const activate = useCallback(
    (provider: ProviderId) => update((current) => withActive(current, provider)),
    [update],
  );
  /** Makes a model the default for new chats (its provider the active one). */
  const saveDefault = useCallback(
    (model: ChatModel) => update((current) => withDefaultModel(current, model)),
    [update],
  );
  return { choice, loaded, loadSettings, saveProvider, activate, saveDefault };
}

/**
 * Whether Chrome offers its built-in model here, asked once a settings form is on screen
 * (`asking`) and not before: the answer only matters there, and Chromium 150's renderer can
 * crash when the panel reloads while `LanguageModel.availability()` is still pending.
 */
export function useOnDeviceOffered(asking: boolean): boolean {
  const [offered, setOffered] = useState(false);
  const asked = useRef(false);
  useEffect(() => {
    if (!asking || asked.current) return;
    asked.current = true;
    void onDeviceModelOffered().then(setOffered);
  }, [asking]);
  return offered;
}
