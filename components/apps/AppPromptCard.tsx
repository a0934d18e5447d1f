import type { AppPrompt, AppPromptAnswer } from '../../src/apps/app-prompt';

export interface AppPromptCardProps {
  prompt: AppPrompt;
  appName: string;
  serverName: string;
  onAnswer(answer: AppPromptAnswer): void;
}

/** A question an app's request puts to the person: run a tool, open a page, send a message. */
export function AppPromptCard({ prompt, appName, serverName, onAnswer }: AppPromptCardProps) {
  const label =
    prompt.kind === 'tool'
      ? `Let ${appName} run ${prompt.toolName}?`
      : prompt.kind === 'link'
        ? `Let ${appName} open a page?`
        : `Send ${appName}'s message?`;
  return (
    <div className="approval app-prompt" role="group" aria-label={label}>
      {prompt.kind === 'tool' ? (
        <>
          <p>
            The app wants to run <code>{prompt.toolName}</code> on {serverName}.
          </p>
          {prompt.changed.length ? (
            <p className="approval-changed">
              You always allowed this tool, but {serverName} has changed{' '}
              {prompt.changed.join(' and ')} since, so Patchbay asks again.
            </p>
          ) : null}
          <details>
            <summary>Arguments</summary>
            <pre className="tool-json">{JSON.stringify(prompt.args, null, 2)}</pre>
          </details>
          <button type="button" className="primary" onClick={() => onAnswer('allow')}>
            Approve
          </button>
          <button type="button" onClick={() => onAnswer('deny')}>
            Deny
          </button>
          <button type="button" className="link" onClick={() => onAnswer('always')}>
            Always allow this tool
          </button>
        </>
      ) : prompt.kind === 'link' ? (
        <>
          <p>The app wants to open this page in a new tab:</p>
          <p className="app-prompt-url">
            <code>{prompt.url}</code>
          </p>
          <button type="button" className="primary" onClick={() => onAnswer('allow')}>
            Open page
          </button>
          <button type="button" onClick={() => onAnswer('deny')}>
            Cancel
          </button>
        </>
      ) : (
        <>
          <p>The app wants to send this to the chat as your message:</p>
          <blockquote className="app-prompt-message">{prompt.text}</blockquote>
          <button type="button" className="primary" onClick={() => onAnswer('allow')}>
            Send
          </button>
          <button type="button" onClick={() => onAnswer('deny')}>
            Don’t send
          </button>
        </>
      )}
    </div>
  );
}
