import { useState, type ReactNode } from 'react';
import type { HostedProviderId } from '../../src/models/model-settings';
import { PROVIDER_GUIDES } from '../../src/models/provider-guide';
import type { RemoteProviderId } from './provider-settings';

const keyHint = (provider: RemoteProviderId) =>
  provider === 'compatible' ? 'Only if the endpoint needs one' : PROVIDER_GUIDES[provider].keyHint;

const KEY_LINKS: Record<HostedProviderId, string> = {
  openai: 'Get an OpenAI API key',
  anthropic: 'Get an Anthropic API key',
  google: 'Get a Gemini API key',
};

/** The provider's page where keys are made, in a new tab (a link: nothing loads until clicked). */
export function KeyPageLink({ provider, prefix }: { provider: HostedProviderId; prefix?: string }) {
  return (
    <span className="key-page">
      {prefix}
      <a href={PROVIDER_GUIDES[provider].keyPage} target="_blank" rel="noopener noreferrer">
        {KEY_LINKS[provider]}
        <span aria-hidden="true"> ↗</span>
      </a>
    </span>
  );
}

/** The API key, hidden unless shown, with what to know about it under it. */
export function KeyField({
  provider,
  value,
  onChange,
  after,
}: {
  provider: RemoteProviderId;
  value: string;
  onChange(value: string): void;
  after: ReactNode;
}) {
  const [reveal, setReveal] = useState(false);
  return (
    <div className="field">
      <label>
        API key{provider === 'compatible' ? ' (optional)' : ''}
        <span className="secret">
          <input
            aria-label="API key"
            type={reveal ? 'text' : 'password'}
            value={value}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => onChange(event.target.value)}
            placeholder={keyHint(provider)}
          />
          <button
            type="button"
            className="quiet"
            onClick={() => setReveal(!reveal)}
            aria-pressed={reveal}
          >
            {reveal ? 'Hide' : 'Show'}
          </button>
        </span>
      </label>
      <p className="field-help">{after}</p>
    </div>
  );
}

/**
 * The model: a pick from the list once the endpoint listed its models, a name to type before
 * (the provider's default filled in), and Load models to list them (again).
 */
export function ModelField(props: {
  value: string;
  /** The models listed; undefined before a list (or when there is none). */
  models: string[] | undefined;
  placeholder: string;
  working: boolean;
  onChoose(model: string): void;
  onType(model: string): void;
  /** The typed name is done (field left, or Enter). */
  onCommit(): void;
  onLoad(): void;
}) {
  return (
    <label>
      Model
      <span className="secret">
        {props.models ? (
          <select
            aria-label="Model"
            value={props.value}
            onChange={(event) => props.onChoose(event.target.value)}
          >
            {props.models.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
          </select>
        ) : (
          <input
            aria-label="Model"
            value={props.value}
            spellCheck={false}
            onChange={(event) => props.onType(event.target.value)}
            onBlur={props.onCommit}
            placeholder={props.placeholder}
          />
        )}
        <button type="button" className="quiet" onClick={props.onLoad} disabled={props.working}>
          Load models
        </button>
      </span>
    </label>
  );
}
