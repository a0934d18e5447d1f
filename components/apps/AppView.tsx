import type { Ref } from 'react';
import type { AppPhase, AppPrompt, AppPromptAnswer } from '../../src/apps/app-prompt';
import { AppPromptCard } from './AppPromptCard';

export interface AppViewProps {
  appName: string;
  serverName: string;
  phase: AppPhase;
  error?: string;
  height: number;
  fullscreen: boolean;
  /** False when the app said it cannot be shown full screen. */
  canFullscreen?: boolean;
  prompts: AppPrompt[];
  /** What the app last told the model, shown so the person knows. */
  modelContext?: string;
  /** Where the app's frame goes; React renders nothing inside it. */
  box: Ref<HTMLDivElement>;
  onAnswer(id: string, answer: AppPromptAnswer): void;
  onFullscreen(on: boolean): void;
  onReload(): void;
}

/** An MCP App inside its tool card: its frame, what it asks, and its controls. */
export function AppView({ box, ...props }: AppViewProps) {
  const { phase, fullscreen } = props;
  return (
    <section
      className={`app-view${fullscreen ? ' app-fullscreen' : ''}`}
      aria-label={`${props.appName} app`}
      data-app-phase={phase}
      {...(fullscreen ? { role: 'dialog', 'aria-modal': true } : {})}
    >
      <div className="app-view-head">
        <span className="app-view-title">{props.appName}</span>
        <span className="muted">app from {props.serverName}</span>
        {phase === 'loading' ? <span className="muted">Loading app…</span> : null}
        <span className="app-view-actions">
          {phase === 'running' && (fullscreen || props.canFullscreen !== false) ? (
            <button type="button" className="quiet" onClick={() => props.onFullscreen(!fullscreen)}>
              {fullscreen ? 'Exit full screen' : 'Full screen'}
            </button>
          ) : null}
          <button type="button" className="quiet" onClick={props.onReload}>
            Reload app
          </button>
        </span>
      </div>
      {phase === 'failed' ? (
        <p className="server-error" role="alert">
          {props.error}
        </p>
      ) : null}
      {phase === 'closed' ? <p className="muted">The app closed itself.</p> : null}
      <div
        ref={box}
        className="app-frame-box"
        hidden={phase === 'failed' || phase === 'closed'}
        style={fullscreen ? undefined : { height: props.height }}
      />
      {/* Below the frame, so a question never moves the app under the person's pointer. */}
      {props.prompts.map((prompt) => (
        <AppPromptCard
          key={prompt.id}
          prompt={prompt}
          appName={props.appName}
          serverName={props.serverName}
          onAnswer={(answer) => props.onAnswer(prompt.id, answer)}
        />
      ))}
      {props.modelContext ? (
        <details className="app-context">
          <summary>What the app told the model</summary>
          <p>{props.modelContext}</p>
        </details>
      ) : null}
    </section>
  );
}

export interface AppSnapshotProps {
  appName: string;
  onReload(): void;
}

/** An app restored from history: not running until the person asks. */
export function AppSnapshot({ appName, onReload }: AppSnapshotProps) {
  return (
    <section className="app-view app-snapshot" aria-label={`${appName} app`} data-app-phase="saved">
      <div className="app-view-head">
        <span className="app-view-title">{appName}</span>
        <span className="app-view-actions">
          <button type="button" className="quiet" onClick={onReload}>
            Reload app
          </button>
        </span>
      </div>
      <p className="muted">
        An interactive app showed this result. Saved chats keep the result below; reload the app to
        use it again.
      </p>
    </section>
  );
}
