import { useEffect, useRef, useState } from 'react';
import { ElicitationCard } from './ElicitationCard';
import { SamplingCard } from './SamplingCard';
import { describeUrlRequest } from '../../src/asks/url-request';
import { createLanguageModel } from '../../src/models/model';
import type { ModelSettings } from '../../src/models/model-settings';
import { runSampling, type ApprovedSampling } from '../../src/asks/run-sampling';
import { describeChatError } from '../../src/chat-turn/chat-errors';
import { useClient } from '../shared/client-context';
import type { AskAnswer, AskView } from '../../src/messaging/asks-contract';
import type { ServerView } from '../../src/messaging/contract';

type SamplingState =
  | { phase: 'review' }
  | { phase: 'running'; controller: AbortController }
  | { phase: 'answer'; answer: string; model: string; stopReason: string }
  | { phase: 'failed'; error: string };

/** Everything servers wait on the person for, kept current from the background's broadcasts. */
export function useAsks(): AskView[] {
  const client = useClient();
  const [asks, setAsks] = useState<AskView[]>([]);
  useEffect(() => {
    let live = true;
    // A broadcast is newer than the list asked for below, which may answer after it.
    let heard = false;
    const stop = client.onBroadcast((message) => {
      if (message.type !== 'mcp/asks/changed') return;
      heard = true;
      setAsks(message.payload.asks);
    });
    // Asks that arrived while the panel was closed are waiting already.
    void client.request('mcp/asks/list').then(
      ({ asks: waiting }) => live && !heard && setAsks(waiting),
      () => undefined,
    );
    return () => {
      live = false;
      stop();
    };
  }, [client]);
  return asks;
}

export interface AsksPanelProps {
  asks: AskView[];
  servers: ServerView[];
  loadSettings(): Promise<ModelSettings | undefined>;
}

/**
 * The questions servers are waiting on, above whatever the panel shows: forms, pages to open,
 * requests to run the person's model. Nothing is answered without the person's click.
 */
export function AsksPanel({ asks, servers, loadSettings }: AsksPanelProps) {
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

  if (!asks.length) return null;

  const answer = (id: string, reply: AskAnswer) => {
    setError(undefined);
    void client.request('mcp/asks/answer', { id, answer: reply }).then(
      ({ answered }) => {
        if (!answered) setError('The server stopped waiting for that answer.');
      },
      (failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)),
    );
  };

  const run = async (ask: Extract<AskView, { kind: 'sampling' }>, approved: ApprovedSampling) => {
    const settings = await loadSettings();
    if (!settings) {
      setSampling((previous) => ({
        ...previous,
        [ask.id]: { phase: 'failed', error: 'Set up a model in Settings first.' },
      }));
      return;
    }
    const controller = new AbortController();
    controllers.current.set(ask.id, controller);
    setSampling((previous) => ({ ...previous, [ask.id]: { phase: 'running', controller } }));
    try {
      const result = await runSampling(
        createLanguageModel(settings),
        ask.request,
        approved,
        controller.signal,
      );
      setSampling((previous) => ({
        ...previous,
        [ask.id]: {
          phase: 'answer',
          answer: result.text,
          model: settings.model,
          stopReason: result.stopReason,
        },
      }));
    } catch (failure) {
      if (controller.signal.aborted) return;
      setSampling((previous) => ({
        ...previous,
        [ask.id]: { phase: 'failed', error: describeChatError(failure) },
      }));
    } finally {
      controllers.current.delete(ask.id);
    }
  };

  return (
    <section className="asks" aria-label="Servers are waiting for you">
      {error ? (
        <p className="server-error" role="alert">
          {error}
        </p>
      ) : null}
      {asks.map((ask) => {
        const server = servers.find((candidate) => candidate.id === ask.serverId);
        const icon = server?.iconDataUrl ?? server?.serverIconDataUrl;
        const iconProps = icon ? { iconDataUrl: icon } : {};
        if (ask.kind === 'sampling') {
          const state = sampling[ask.id] ?? { phase: 'review' };
          return (
            <SamplingCard
              key={ask.id}
              serverName={ask.serverName}
              {...iconProps}
              request={ask.request}
              // The switch may have changed since the ask arrived: the server's view is current.
              samplingEnabled={server?.samplingEnabled ?? ask.samplingEnabled}
              phase={state.phase}
              {...(state.phase === 'answer' ? { answer: state.answer } : {})}
              {...(state.phase === 'failed' ? { error: state.error } : {})}
              {...(modelName ? { modelName } : {})}
              onEnableSampling={() =>
                void client
                  .server(ask.serverId, 'sampling/set', { enabled: true })
                  .catch((failure: unknown) =>
                    setError(failure instanceof Error ? failure.message : String(failure)),
                  )
              }
              onRun={(edited) => void run(ask, edited)}
              onSend={(text) => {
                if (state.phase !== 'answer') return;
                answer(ask.id, {
                  action: 'sampled',
                  text,
                  model: state.model,
                  stopReason: state.stopReason,
                });
              }}
              onRefuse={() => answer(ask.id, { action: 'decline' })}
            />
          );
        }
        return (
          <ElicitationCard
            key={ask.id}
            serverName={ask.serverName}
            {...iconProps}
            message={ask.message}
            expiresAt={ask.expiresAt}
            {...(ask.kind === 'elicitation-url'
              ? { mode: 'url' as const, url: ask.url, phase: ask.phase }
              : { mode: 'form' as const, requestedSchema: ask.requestedSchema })}
            onAccept={(content) => {
              if (ask.kind === 'elicitation-url') {
                // Opened only now, after the person's click, as checked; no opener, no referrer.
                // Once open, the same button says the person is done there: no second tab.
                const target = describeUrlRequest(ask.url);
                if (ask.phase === 'asking' && target.ok)
                  window.open(target.url, '_blank', 'noopener,noreferrer');
                answer(ask.id, { action: 'accept' });
                return;
              }
              answer(ask.id, { action: 'accept', ...(content ? { content } : {}) });
            }}
            onDecline={() => answer(ask.id, { action: 'decline' })}
            onCancel={() => answer(ask.id, { action: 'cancel' })}
          />
        );
      })}
    </section>
  );
}
