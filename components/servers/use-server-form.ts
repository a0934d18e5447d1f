import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../src/errors/error-message';
import type { AddServerPayload, GlobalResults } from '../../src/messaging/contract';

export type TestResult = GlobalResults['mcp/servers/test'];

/** A custom server's stored settings the edit form starts from (never a secret). */
export interface ServerFormValues {
  name: string;
  url: string;
  headerNames: string[];
  iconDataUrl?: string;
  oauthClientId?: string;
}

/** Where the server form's draft comes from and where its buttons send it. */
export interface ServerFormSources {
  initial?: ServerFormValues;
  onTest(input: AddServerPayload): Promise<TestResult>;
  onSubmit(input: AddServerPayload): Promise<{ error?: string; field?: string } | undefined>;
  readIcon(file: File): Promise<string>;
}

/** One header of a custom server as the form holds it; `revealed` shows its value. */
export interface HeaderRow {
  key: string;
  value: string;
  revealed: boolean;
}

/** A custom server as its form holds it. */
export interface ServerDraft {
  name: string;
  url: string;
  headers: HeaderRow[];
  iconDataUrl: string | undefined;
  clientId: string;
  clientSecret: string;
}

/**
 * The add or edit form's draft of a custom server, and what its buttons do: Save sends it,
 * Test connection tries it, an icon file is read in. Stored header values and secrets never
 * come back: an empty field keeps them, and an emptied icon or client ID removes them.
 */
export function useServerForm({ initial, onTest, onSubmit, readIcon }: ServerFormSources) {
  const [draft, setDraft] = useState<ServerDraft>(() => ({
    name: initial?.name ?? '',
    url: initial?.url ?? '',
    headers: (initial?.headerNames ?? []).map((key) => ({ key, value: '', revealed: false })),
    iconDataUrl: initial?.iconDataUrl,
    clientId: initial?.oauthClientId ?? '',
    clientSecret: '',
  }));
  const [error, setError] = useState<{ message: string; field?: string } | undefined>();
  const [test, setTest] = useState<TestResult | 'testing' | undefined>();
  const [saving, setSaving] = useState(false);
  const change = (patch: Partial<ServerDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const payload = (): AddServerPayload => {
    const { iconDataUrl, clientSecret } = draft;
    const clientId = draft.clientId.trim();
    return {
      name: draft.name,
      url: draft.url,
      headers: draft.headers.map(({ key, value }) => ({ key, value })),
      // When editing, an empty value says "remove"; leaving the field out would keep the old one.
      ...(iconDataUrl ? { iconDataUrl } : initial?.iconDataUrl ? { iconDataUrl: '' } : {}),
      ...(clientId
        ? { oauth: { clientId, ...(clientSecret ? { clientSecret } : {}) } }
        : initial?.oauthClientId
          ? { oauth: {} }
          : {}),
    };
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    const outcome = await onSubmit(payload());
    setSaving(false);
    setError(
      outcome?.error
        ? { message: outcome.error, ...(outcome.field ? { field: outcome.field } : {}) }
        : undefined,
    );
  }

  async function runTest() {
    setTest('testing');
    setTest(
      await onTest(payload()).catch((caught: unknown) => ({
        ok: false as const,
        error: errorMessage(caught),
      })),
    );
  }

  function chooseIcon(file: File) {
    readIcon(file).then(
      (dataUrl) => {
        change({ iconDataUrl: dataUrl });
        setError(undefined);
      },
      (caught: unknown) => setError({ field: 'iconDataUrl', message: errorMessage(caught) }),
    );
  }

  /** The message for `field` (or a part of it, `headers.0`), when the last save named it. */
  const fieldError = (field: string) =>
    error?.field === field || error?.field?.startsWith(`${field}.`) ? error.message : undefined;

  return { draft, change, error, fieldError, test, saving, submit, runTest, chooseIcon };
}
