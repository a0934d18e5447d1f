import { useState } from 'react';
import type { FoundServer, LocalModel, ProbeResult } from '../../../src/models/local/local-servers';
import { describeLocalRefusal } from '../../../src/models/local/local-refusal';
import { abilitiesText } from './model-abilities';
import './local-models.css';

/** Where the search for local servers stands. */
export type LocalSearch =
  | { phase: 'idle' }
  | { phase: 'looking' }
  | { phase: 'done'; results: ProbeResult[]; ports: number[] }
  | { phase: 'failed'; message: string };

export interface LocalModelsProps {
  search: LocalSearch;
  /** Looks on the usual ports, and on `port` too when the person typed one. */
  onLook(port: string): void;
  onUse(server: FoundServer, model: LocalModel): void;
  /** Whether this section is the suggestion (no model on this device). */
  suggested: boolean;
}

/** Model servers on this machine: a button to look for them, and each one's models to pick. */
export function LocalModels({ search, onLook, onUse, suggested }: LocalModelsProps) {
  const [port, setPort] = useState('');
  return (
    <section className="local-models" aria-label="Models on this computer">
      <h2>{suggested ? 'Use a model running on this computer' : 'Models on this computer'}</h2>
      <p className="muted">
        Running Ollama, LM Studio, llama.cpp, Jan or vLLM? Patchbay looks for them when you click
        (on their usual ports of 127.0.0.1; Chrome asks you to allow that first). No key needed.
      </p>
      <div className="secret">
        <button
          type="button"
          className={suggested ? 'primary' : ''}
          disabled={search.phase === 'looking'}
          onClick={() => onLook(port)}
        >
          Look for local models
        </button>
        <input
          aria-label="Other port (optional)"
          inputMode="numeric"
          placeholder="Other port"
          value={port}
          onChange={(event) => setPort(event.target.value)}
        />
      </div>
      {search.phase === 'looking' ? <p className="muted">Looking…</p> : null}
      {search.phase === 'failed' ? (
        <p className="field-error" role="alert">
          {search.message}
        </p>
      ) : null}
      {search.phase === 'done' && search.results.length === 0 ? (
        <p className="muted" role="status">
          No model server answered on this computer (127.0.0.1, ports {search.ports.join(', ')}).
          Start one, or enter the port it listens on.
        </p>
      ) : null}
      {search.phase === 'done'
        ? search.results.map((server) =>
            server.status === 'found' ? (
              <FoundServerView key={server.origin} server={server} onUse={onUse} />
            ) : (
              <p key={server.origin} className="field-error" role="alert">
                {describeLocalRefusal(server.origin, server.httpStatus) ??
                  `${server.label} at ${server.origin} refused Patchbay (HTTP ${server.httpStatus}).`}
              </p>
            ),
          )
        : null}
    </section>
  );
}

function FoundServerView({
  server,
  onUse,
}: {
  server: FoundServer;
  onUse(server: FoundServer, model: LocalModel): void;
}) {
  return (
    <div className="local-server" aria-label={`${server.label} models`} role="group">
      <h3>
        {server.label}
        {server.version ? ` ${server.version}` : ''}{' '}
        <span className="muted">{server.origin.replace('http://', '')}</span>
      </h3>
      {server.models.length === 0 ? (
        <p className="muted">
          It has no models yet{server.kind === 'ollama' ? ' (ollama pull llama3.2)' : ''}.
        </p>
      ) : (
        <ul>
          {server.models.map((model) => (
            <li key={model.id}>
              <span className="local-model-name">{model.id}</span>
              <span className="muted">{abilitiesText(model)}</span>
              <button
                type="button"
                aria-label={`Use ${model.id} on ${server.label}`}
                onClick={() => onUse(server, model)}
              >
                Use
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
