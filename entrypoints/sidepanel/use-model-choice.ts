import { useCallback, useEffect, useState } from 'react';
import { withDefaultModel, type ChatModel } from '../../src/ai/chat-model';
import {
  activeSettings,
  loadModelChoice,
  saveModelChoice,
  withActive,
  withProviderSettings,
  type ModelChoice,
} from '../../src/ai/model-choice';
import type { ModelSettings, ProviderId } from '../../src/ai/model-settings';
import { onDeviceModelOffered } from '../../src/ai/on-device-model';
import type { KeyValueStore } from '../../src/platform/ports';

/** The providers set up in chrome.storage.local (settings of earlier versions moved in). */
export function useModelChoice(store: KeyValueStore) {
  const [choice, setChoice] = useState<ModelChoice | undefined>();
  const [loaded, setLoaded] = useState(false);
  /** Whether Chrome offers its built-in model here (asked once per panel). */
  const [onDeviceOffered, setOnDeviceOffered] = useState(false);
  useEffect(() => {
    void onDeviceModelOffered().then(setOnDeviceOffered);
  }, []);
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
  return { choice, loaded, onDeviceOffered, loadSettings, saveProvider, activate, saveDefault };
}
