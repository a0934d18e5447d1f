import { useEffect, useRef, useState } from 'react';
import { createLanguageModel } from '../../src/models/model';
import type { ModelSettings } from '../../src/models/model-settings';
import { runSampling, type ApprovedSampling } from '../../src/asks/run-sampling';
import { describeChatError } from '../../src/chat-turn/chat-errors';
import type { AskAnswer, AskView } from '../../src/messaging/asks-contract';
import { useClient } from '../shared/client-context';

/** Where one request to run the person's model stands. */
export type SamplingState =
  | { phase: 'review' }
  | { phase: 'running'; controller: AbortController }
  | { phase: 'answer'; answer: string; model: string; stopReason: string }
  | { phase: 'failed'; error: string };

const wordsOf = (failure: unknown) =>
  failure instanceof Error ? failure.message : String(failure);

/**
 * Answering what servers wait on: an answer sent to the worker (`mcp/asks/answer`), a sampling
 * request run on the person's model once they approved it (stopped when its ask goes away),
 * the server's sampling switch, the model's name, and the last failure in words.
 */
export function useAskAnswers(
  asks: readonly AskView[],
  loadSettings: () => Promise<ModelSettings | undefined>,
) {
  const client = useClient();
  const [sampling, setSampling] = useState<Record<string, SamplingState>>({});
  const [modelName, setModelName] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const controllers = useRef(new Map<string, AbortController>());

  useEffect(() => {
    void loadSettings().then(
      (settings) => setModelName(settings?.model),
      () => undefined,
    );
  }, [loadSettings, asks.length]);

  // The panel goes with the last question: a model run still going stops with it.
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      running.clear();
    };
  }, []);

  // A model run for an ask that went away (answered elsewhere, expired) is stopped.
  useEffect(() => {
    const open = new Set(asks.map((ask) => ask.id));
    for (const [id, controller] of controllers.current) {
      if (!open.has(id)) {
        controller.abort();
        controllers.current.delete(id);
      }
    }
  }, [asks]);

  const settle = (id: string, state: SamplingState) =>
    setSampling((previous) => ({ ...previous, [id]: state }));

  const answer = (id: string, reply: AskAnswer) => {
    setError(undefined);
    void client.request('mcp/asks/answer', { id, answer: reply }).then(
      ({ answered }) => {
        if (!answered) setError('The server stopped waiting for that answer.');
      },
      (failure: unknown) => setError(wordsOf(failure)),
    );
  };

  const run = async (ask: Extract<AskView, { kind: 'sampling' }>, approved: ApprovedSampling) => {
    const settings = await loadSettings();
    if (!settings)
      return settle(ask.id, { phase: 'failed', error: 'Set up a model in Settings first.' });
    const controller = new AbortController();
    controllers.current.set(ask.id, controller);
    settle(ask.id, { phase: 'running', controller });
    try {
      const result = await runSampling(
        createLanguageModel(settings),
        ask.request,
        approved,
        controller.signal,
      );
      settle(ask.id, {
        phase: 'answer',
        answer: result.text,
        model: settings.model,
        stopReason: result.stopReason,
      });
    } catch (failure) {
      if (controller.signal.aborted) return;
      settle(ask.id, { phase: 'failed', error: describeChatError(failure) });
    } finally {
      controllers.current.delete(ask.id);
    }
  };

  /** Switches sampling on for the server, from its card. */
  const enableSampling = (serverId: string) =>
    void client
      .server(serverId, 'sampling/set', { enabled: true })
      .catch((failure: unknown) => setError(wordsOf(failure)));

  return { sampling, modelName, error, answer, run, enableSampling };
}
