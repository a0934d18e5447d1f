import { useEffect, useRef } from 'react';
import type { ModelSettings } from '../../src/models/model-settings';
import { errorMessage } from '../../src/errors/error-message';
import { ModelListError } from '../../src/errors/model-list-error';
import { sameAsSaved, settingsOf, type ModelListDraft } from './provider-settings';
import type { ProviderDraft } from './use-provider-draft';
import type { FormStatusState } from './use-form-status';

/** How long typing pauses before a pasted or typed key is tried. */
export const KEY_PAUSE_MS = 600;

export const KEY_LEFT_BEHIND =
  'The saved key belongs to another endpoint; enter the key for this one.';

/**
 * Listing the models of the endpoint the provider form holds. Only the latest lookup's answer
 * counts (a change of key or endpoint drops the one under way); a typed key is tried after a
 * pause in typing; in Settings (`saveAtOnce`) the pick is saved once the list is in.
 */
export function useModelLookup(
  options: {
    saved: ModelSettings | undefined;
    saveAtOnce: boolean;
    onLoadModels(draft: ModelListDraft): Promise<string[]>;
  },
  draft: ProviderDraft,
  form: FormStatusState,
) {
  const { saved, saveAtOnce } = options;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef(0);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function load(typed = draft.keyTyped, key = draft.fields.apiKey) {
    clearTimeout(timer.current);
    const request = ++latest.current;
    const endpoint = draft.endpoint();
    const sent = draft.keyFor(endpoint, typed, key);
    form.setWorking(true);
    form.setStatus({ tone: 'note', text: 'Looking up the models…' });
    try {
      const found = await options.onLoadModels({ ...endpoint, ...(sent ? { apiKey: sent } : {}) });
      if (request !== latest.current) return;
      form.setWorking(false);
      const pick = draft.showModels(found);
      const note = [
        found.length
          ? `${found.length} models found.`
          : 'The endpoint lists no models; type the model name.',
        sent === key ? '' : KEY_LEFT_BEHIND,
      ]
        .filter(Boolean)
        .join(' ');
      form.setStatus({ tone: 'note', text: note });
      const settings = settingsOf(saved, endpoint, sent, pick);
      if (
        saveAtOnce &&
        pick &&
        !sameAsSaved(endpoint.provider, saved, settings) &&
        (await form.save(settings))
      )
        form.setStatus({ tone: 'saved', text: `${note} Saved.` });
    } catch (caught) {
      if (request !== latest.current) return;
      form.setWorking(false);
      form.setStatus({
        tone: 'error',
        text: errorMessage(caught),
        ...(ModelListError.isInstance(caught) && caught.kind === 'key-refused'
          ? { keyRefused: caught.status ?? 401 }
          : {}),
      });
    }
  }

  return {
    load,
    /** Tries `key` once typing has paused (a key that looks whole, pasted or typed). */
    loadSoon(key: string) {
      timer.current = setTimeout(() => void load(true, key), KEY_PAUSE_MS);
    },
    /** Drops the lookup under way and the one waiting for a pause. */
    cancel() {
      clearTimeout(timer.current);
      latest.current += 1;
    },
  };
}
