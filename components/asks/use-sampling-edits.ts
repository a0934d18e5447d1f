import { useMemo, useState, type RefObject } from 'react';
import { contentBlocks, textOf } from '../../src/asks/sampling-content';
import {
  parseMaxTokens,
  requestedMaxTokens,
  type SamplingRequestView,
  type SamplingRun,
} from '../../src/asks/sampling-request';

/**
 * The person's edits to a sampling request before it runs: system prompt, each message's text
 * and the answer's length. The edits start from the request first given. `run` checks the
 * length and hands the edited request to `onRun`, or shows why it cannot and focuses
 * `maxTokensInput`.
 */
export function useSamplingEdits(
  request: SamplingRequestView,
  onRun: (edited: SamplingRun) => void,
  maxTokensInput: RefObject<HTMLInputElement | null>,
) {
  const requestedMax = requestedMaxTokens(request);
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

  function setText(index: number, value: string) {
    setTexts((current) => current.map((text, at) => (at === index ? value : text)));
  }

  function run() {
    const parsed = parseMaxTokens(maxTokens, requestedMax);
    if (parsed === undefined) {
      setMaxTokensError(`Enter a whole number between 1 and ${requestedMax}.`);
      maxTokensInput.current?.focus();
      return;
    }
    setMaxTokensError(undefined);
    onRun({
      ...(systemPrompt !== undefined ? { systemPrompt } : {}),
      messages: request.messages.map((message, index) => ({
        role: message.role,
        text: texts[index] ?? '',
      })),
      maxTokens: parsed,
    });
  }

  return {
    requestedMax,
    blocks,
    systemPrompt,
    setSystemPrompt,
    texts,
    setText,
    maxTokens,
    setMaxTokens,
    maxTokensError,
    run,
  };
}

export type SamplingEdits = ReturnType<typeof useSamplingEdits>;
