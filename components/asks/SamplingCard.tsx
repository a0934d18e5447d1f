import { useId, useMemo, useRef, useState } from 'react';
import { AskHead } from './ask-parts';

export interface SamplingMessageView {
  role: 'user' | 'assistant';
  /** One content block or, since 2025-11-25, an array of them: text, image, audio, or others. */
  content: unknown;
}

export interface SamplingRequestView {
  messages: SamplingMessageView[];
  systemPrompt?: string;
  maxTokens: number;
  temperature?: number;
  stopSequences?: string[];
  modelPreferences?: { hints?: { name?: string }[] };
  includeContext?: string;
}

/**
 * What the person agreed to run. Each message's text is its text blocks joined, as edited;
 * images and other blocks cannot be edited here and stay as the server sent them, by index.
 */
export interface SamplingRun {
  systemPrompt?: string;
  messages: { role: 'user' | 'assistant'; text: string }[];
  maxTokens: number;
}

export interface SamplingCardProps {
  serverName: string;
  /** Shown only when it is a `data:image/…` URL, so the card never loads anything. */
  iconDataUrl?: string;
  request: SamplingRequestView;
  /** Off by default for every server. */
  samplingEnabled: boolean;
  phase: 'review' | 'running' | 'answer' | 'failed';
  /** The model's text in phase `answer`; the person may edit it before sending. */
  answer?: string;
  /** The configured model that will run the request, or ran it. */
  modelName?: string;
  /** Why the run failed, in phase `failed`. */
  error?: string;
  /** Switches sampling on for this server. */
  onEnableSampling(): void;
  onRun(edited: SamplingRun): void;
  /** Sends the (possibly edited) answer back to the server. */
  onSend(answerText: string): void;
  onRefuse(): void;
}

type Block =
  | { kind: 'text'; text: string }
  | { kind: 'image'; src: string; mimeType: string }
  | { kind: 'other'; description: string };

/**
 * A server asks Patchbay to run the person's model. Nothing runs until the person has read the
 * request and pressed Run, and nothing goes back until they press Send. Key it by request:
 * the edits start from the request it was first rendered with.
 */
export function SamplingCard(props: SamplingCardProps) {
  const { serverName, request, phase } = props;
  const baseId = useId();
  const model = props.modelName ?? 'your model';
  const requestedMax = positiveWhole(request.maxTokens) ?? 1;
  const blocks = useMemo(
    () => request.messages.map((message) => contentBlocks(message.content)),
    [request.messages],
  );
  const [systemPrompt, setSystemPrompt] = useState(
    typeof request.systemPrompt === 'string' ? request.systemPrompt : undefined,
  );
  const [texts, setTexts] = useState(() => blocks.map(textOf));
  const [maxTokens, setMaxTokens] = useState(String(requestedMax));
  const [maxTokensError, setMaxTokensError] = useState<string>();
  // Undefined until the person edits, so an answer arriving after the first render shows.
  const [editedAnswer, setEditedAnswer] = useState<string>();
  const maxTokensInput = useRef<HTMLInputElement>(null);

  const refuse = (
    <button
      type="button"
      onClick={() => props.onRefuse()}
      aria-label={`Refuse ${serverName}'s request`}
    >
      Refuse
    </button>
  );

  function run() {
    const parsed = Number(maxTokens.trim());
    if (
      maxTokens.trim() === '' ||
      !Number.isInteger(parsed) ||
      parsed < 1 ||
      parsed > requestedMax
    ) {
      setMaxTokensError(`Enter a whole number between 1 and ${requestedMax}.`);
      maxTokensInput.current?.focus();
      return;
    }
    setMaxTokensError(undefined);
    props.onRun({
      ...(systemPrompt !== undefined ? { systemPrompt } : {}),
      messages: request.messages.map((message, index) => ({
        role: message.role,
        text: texts[index] ?? '',
      })),
      maxTokens: parsed,
    });
  }

  const hints = (request.modelPreferences?.hints ?? [])
    .map((hint) => hint?.name)
    .filter((name): name is string => typeof name === 'string' && name.trim() !== '')
    .slice(0, 5);
  const settings = [
    typeof request.temperature === 'number' ? `Temperature ${request.temperature}` : undefined,
    Array.isArray(request.stopSequences) && request.stopSequences.length
      ? `Stops at ${request.stopSequences.map((stop) => `“${String(stop)}”`).join(', ')}`
      : undefined,
    request.includeContext === 'thisServer' || request.includeContext === 'allServers'
      ? `Asks to include context from ${request.includeContext === 'allServers' ? 'all servers' : 'this server'}`
      : undefined,
  ].filter(Boolean);
  const readOnly = !props.samplingEnabled;

  return (
    <section
      className="ask-card"
      role="group"
      aria-label={`${serverName} asks to use your model`}
      data-ask-kind="sampling"
    >
      <AskHead iconDataUrl={props.iconDataUrl} title={`${serverName} wants to use your model`} />

      {phase === 'review' ? (
        <>
          {!props.samplingEnabled ? (
            <div className="ask-warning">
              <p>
                Sampling is off for {serverName}. Patchbay never runs your model for a server
                without asking.
              </p>
              <button type="button" onClick={() => props.onEnableSampling()}>
                Allow {serverName} to ask
              </button>
            </div>
          ) : null}
          {systemPrompt !== undefined ? (
            <div className="ask-field">
              <label htmlFor={`${baseId}-system`}>System prompt</label>
              <textarea
                id={`${baseId}-system`}
                value={systemPrompt}
                readOnly={readOnly}
                rows={3}
                onChange={(event) => setSystemPrompt(event.target.value)}
              />
            </div>
          ) : null}
          <ol className="ask-messages">
            {request.messages.map((message, index) => {
              const messageBlocks = blocks[index] ?? [];
              const id = `${baseId}-message-${index}`;
              return (
                <li key={index} className="ask-field">
                  <span className="label">
                    {message.role === 'assistant' ? 'Assistant' : 'User'}
                  </span>
                  {messageBlocks.some((block) => block.kind === 'text') ? (
                    <textarea
                      id={id}
                      aria-label={`Message ${index + 1} (${message.role === 'assistant' ? 'assistant' : 'user'})`}
                      value={texts[index] ?? ''}
                      readOnly={readOnly}
                      rows={3}
                      onChange={(event) =>
                        setTexts((current) =>
                          current.map((text, at) => (at === index ? event.target.value : text)),
                        )
                      }
                    />
                  ) : null}
                  {messageBlocks.map((block, at) =>
                    block.kind === 'image' ? (
                      <img
                        key={at}
                        className="ask-thumbnail"
                        src={block.src}
                        alt={`Image in message ${index + 1} (${block.mimeType})`}
                      />
                    ) : block.kind === 'other' ? (
                      <p key={at} className="muted">
                        {block.description}
                      </p>
                    ) : null,
                  )}
                </li>
              );
            })}
          </ol>
          <div className="ask-field">
            <label htmlFor={`${baseId}-max-tokens`}>Longest answer (tokens)</label>
            <input
              ref={maxTokensInput}
              id={`${baseId}-max-tokens`}
              type="number"
              min={1}
              max={requestedMax}
              step={1}
              value={maxTokens}
              readOnly={readOnly}
              aria-invalid={maxTokensError ? true : undefined}
              aria-describedby={maxTokensError ? `${baseId}-max-tokens-error` : undefined}
              onChange={(event) => setMaxTokens(event.target.value)}
            />
            {maxTokensError ? (
              <p id={`${baseId}-max-tokens-error`} className="field-error">
                {maxTokensError}
              </p>
            ) : null}
          </div>
          {hints.length ? (
            <p className="muted">
              {serverName} suggests {hints.join(', ')}. Patchbay runs {model}.
            </p>
          ) : null}
          {settings.length ? <p className="muted">{settings.join(' · ')}</p> : null}
          <div className="form-actions ask-actions">
            {props.samplingEnabled ? (
              <button type="button" className="primary" onClick={run}>
                Run on {model}
              </button>
            ) : null}
            {refuse}
          </div>
        </>
      ) : phase === 'running' ? (
        <p className="ask-busy" role="status">
          Running on {model}…
        </p>
      ) : phase === 'answer' ? (
        <>
          <div className="ask-field">
            <label htmlFor={`${baseId}-answer`}>Answer from {model}</label>
            <textarea
              id={`${baseId}-answer`}
              value={editedAnswer ?? props.answer ?? ''}
              rows={6}
              onChange={(event) => setEditedAnswer(event.target.value)}
            />
            <p className="muted">
              {serverName} sees only what you send; you can edit the answer first.
            </p>
          </div>
          <div className="form-actions ask-actions">
            <button
              type="button"
              className="primary"
              onClick={() => props.onSend(editedAnswer ?? props.answer ?? '')}
            >
              Send to {serverName}
            </button>
            {refuse}
          </div>
        </>
      ) : (
        <>
          <p className="field-error" role="alert">
            {props.error ?? `${model} could not answer.`}
          </p>
          <div className="form-actions ask-actions">{refuse}</div>
        </>
      )}
    </section>
  );
}

/** Content is untrusted: a single block or an array, of any shape. */
function contentBlocks(content: unknown): Block[] {
  return (Array.isArray(content) ? content : [content]).map(describeBlock);
}

function describeBlock(item: unknown): Block {
  if (typeof item !== 'object' || item === null) {
    return { kind: 'other', description: 'Content Patchbay cannot show.' };
  }
  const block = item as Record<string, unknown>;
  if (block.type === 'text' && typeof block.text === 'string') {
    return { kind: 'text', text: block.text };
  }
  const mimeType = typeof block.mimeType === 'string' ? block.mimeType : undefined;
  if (block.type === 'image') {
    // Only inline base64 of an image type becomes a data: URL: nothing can point elsewhere.
    if (
      mimeType &&
      /^image\/[a-z0-9.+-]+$/i.test(mimeType) &&
      typeof block.data === 'string' &&
      isBase64(block.data)
    ) {
      return { kind: 'image', src: `data:${mimeType};base64,${block.data}`, mimeType };
    }
    return { kind: 'other', description: 'An image Patchbay cannot show.' };
  }
  if (block.type === 'audio') {
    return {
      kind: 'other',
      description: `An audio clip${mimeType ? ` (${mimeType.slice(0, 40)})` : ''}, not played here.`,
    };
  }
  const type = typeof block.type === 'string' ? block.type.slice(0, 40) : 'unknown';
  return { kind: 'other', description: `Content of type “${type}”, not shown.` };
}

function textOf(blocks: Block[]): string {
  return blocks.flatMap((block) => (block.kind === 'text' ? [block.text] : [])).join('\n\n');
}

function isBase64(data: string): boolean {
  return data.length > 0 && data.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(data);
}

function positiveWhole(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 1
    ? Math.floor(value)
    : undefined;
}
