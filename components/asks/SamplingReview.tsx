import type { ReactNode, RefObject } from 'react';
import {
  modelHints,
  samplingSettings,
  type SamplingRequestView,
} from '../../src/asks/sampling-request';
import { SamplingMessages } from './SamplingMessages';
import type { SamplingEdits } from './use-sampling-edits';

export interface SamplingReviewProps {
  baseId: string;
  serverName: string;
  request: SamplingRequestView;
  samplingEnabled: boolean;
  /** The model that will run the request, as the person knows it. */
  model: string;
  edits: SamplingEdits;
  /** Focused when the length is not a whole number in range. */
  maxTokensInput: RefObject<HTMLInputElement | null>;
  /** The card's Refuse button. */
  refuse: ReactNode;
  onEnableSampling(): void;
}

/** The request before it runs: read-only until sampling is on for the server, then editable. */
export function SamplingReview({
  baseId,
  serverName,
  request,
  samplingEnabled,
  model,
  edits,
  maxTokensInput,
  refuse,
  onEnableSampling,
}: SamplingReviewProps) {
  const hints = modelHints(request);
  const settings = samplingSettings(request);
  const readOnly = !samplingEnabled;
  return (
    <>
      {!samplingEnabled ? (
        <SamplingOffNotice serverName={serverName} onEnableSampling={onEnableSampling} />
      ) : null}
      {edits.systemPrompt !== undefined ? (
        <div className="ask-field">
          <label htmlFor={`${baseId}-system`}>System prompt</label>
          <textarea
            id={`${baseId}-system`}
            value={edits.systemPrompt}
            readOnly={readOnly}
            rows={3}
            onChange={(event) => edits.setSystemPrompt(event.target.value)}
          />
        </div>
      ) : null}
      <SamplingMessages
        baseId={baseId}
        messages={request.messages}
        blocks={edits.blocks}
        texts={edits.texts}
        readOnly={readOnly}
        onTextChange={edits.setText}
      />
      <MaxTokensField
        baseId={baseId}
        edits={edits}
        readOnly={readOnly}
        maxTokensInput={maxTokensInput}
      />
      {hints.length ? (
        <p className="muted">
          {serverName} suggests {hints.join(', ')}. Patchbay runs {model}.
        </p>
      ) : null}
      {settings.length ? <p className="muted">{settings.join(' · ')}</p> : null}
      <div className="form-actions ask-actions">
        {samplingEnabled ? (
          <button type="button" className="primary" onClick={edits.run}>
            Run on {model}
          </button>
        ) : null}
        {refuse}
      </div>
    </>
  );
}

/** Sampling is off for the server: the request is only shown, with a way to allow it. */
function SamplingOffNotice({
  serverName,
  onEnableSampling,
}: Pick<SamplingReviewProps, 'serverName' | 'onEnableSampling'>) {
  return (
    <div className="ask-warning">
      <p>
        Sampling is off for {serverName}. Patchbay never runs your model for a server without
        asking.
      </p>
      <button type="button" onClick={() => onEnableSampling()}>
        Allow {serverName} to ask
      </button>
    </div>
  );
}

/** The answer's length, up to what the server asked for, and why it cannot run when it is wrong. */
function MaxTokensField({
  baseId,
  edits,
  readOnly,
  maxTokensInput,
}: Pick<SamplingReviewProps, 'baseId' | 'edits' | 'maxTokensInput'> & { readOnly: boolean }) {
  const errorId = `${baseId}-max-tokens-error`;
  return (
    <div className="ask-field">
      <label htmlFor={`${baseId}-max-tokens`}>Longest answer (tokens)</label>
      <input
        ref={maxTokensInput}
        id={`${baseId}-max-tokens`}
        type="number"
        min={1}
        max={edits.requestedMax}
        step={1}
        value={edits.maxTokens}
        readOnly={readOnly}
        aria-invalid={edits.maxTokensError ? true : undefined}
        aria-describedby={edits.maxTokensError ? errorId : undefined}
        onChange={(event) => edits.setMaxTokens(event.target.value)}
      />
      {edits.maxTokensError ? (
        <p id={errorId} className="field-error">
          {edits.maxTokensError}
        </p>
      ) : null}
    </div>
  );
}
