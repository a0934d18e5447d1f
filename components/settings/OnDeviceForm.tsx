import { useState, type FormEvent } from 'react';
import { ON_DEVICE_MODEL } from '../../src/models/on-device-model';
import { SubmitRow } from './SubmitRow';

export interface OnDeviceFormProps {
  onSave(settings: unknown): Promise<{ error?: string } | undefined>;
  /** First run's button; Settings has none (choosing this provider saved it). */
  submitLabel?: string;
}

/** Chrome's built-in model: nothing to enter, nothing leaves the browser. */
export function OnDeviceForm({ onSave, submitLabel }: OnDeviceFormProps) {
  const [error, setError] = useState<string | undefined>();
  const [working, setWorking] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!submitLabel) return;
    setWorking(true);
    const outcome = await onSave({ provider: 'chrome', model: ON_DEVICE_MODEL });
    setWorking(false);
    setError(outcome?.error);
  }
  return (
    <form
      className="settings-form"
      onSubmit={(event) => void submit(event)}
      aria-label="Model settings"
    >
      <p className="muted">
        Chrome’s built-in model runs on this device: no key, and nothing you write leaves the
        browser. It answers in text only and cannot use tools. Chrome may download it before the
        first answer.
      </p>
      {submitLabel ? <SubmitRow error={error} working={working} label={submitLabel} /> : null}
    </form>
  );
}
