import { useState } from 'react';
import { errorMessage } from '../../src/errors/error-message';

/** What the form says under its fields: where it stands, or what went wrong. */
export type FormStatus =
  | { tone: 'note' | 'saved'; text: string }
  /** `keyRefused`: the HTTP status with which the endpoint refused the key. */
  | { tone: 'error'; text: string; keyRefused?: number };

/**
 * Where a provider's form stands (its status line, and whether it is busy) and its saving,
 * which says how it went: the error, or "Saved." in Settings (`saveAtOnce`).
 */
export function useFormStatus(
  onSave: (settings: unknown) => Promise<{ error?: string } | undefined>,
  saveAtOnce: boolean,
) {
  const [status, setStatus] = useState<FormStatus | undefined>();
  const [working, setWorking] = useState(false);

  /** Saves `settings`; true when they were saved. */
  async function save(settings: Record<string, unknown>): Promise<boolean> {
    setWorking(true);
    let outcome: { error?: string } | undefined;
    try {
      outcome = await onSave(settings);
    } catch (caught) {
      outcome = { error: errorMessage(caught) };
    } finally {
      setWorking(false);
    }
    if (outcome?.error) setStatus({ tone: 'error', text: outcome.error });
    else if (saveAtOnce) setStatus({ tone: 'saved', text: 'Saved.' });
    return !outcome?.error;
  }

  return { status, setStatus, working, setWorking, save };
}

export type FormStatusState = ReturnType<typeof useFormStatus>;
