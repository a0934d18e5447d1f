import { ElicitationCard } from './ElicitationCard';
import { SamplingCard } from './SamplingCard';
import { describeUrlRequest } from '../../src/asks/url-request';
import type { ModelSettings } from '../../src/models/model-settings';
import type { AskView } from '../../src/messaging/asks-contract';
import type { ServerView } from '../../src/messaging/contract';
import { useAskAnswers } from './use-ask-answers';

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
  const { sampling, modelName, error, answer, run, enableSampling } = useAskAnswers(
    asks,
    loadSettings,
  );
  if (!asks.length) return null;

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
              onEnableSampling={() => enableSampling(ask.serverId)}
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
