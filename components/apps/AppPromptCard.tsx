import { useEffect, useRef, useState } from 'react';
import type { AppPrompt, AppPromptAnswer } from '../../src/apps/app-prompt';
import { CallData } from '../chat/CallData';
import { ApprovalButtons, ChangedSinceAllowed } from '../chat/ToolApproval';

/**
 * How long a question's buttons wait before they take a click. The app sees the pointer over
 * its frame and chooses when to ask, so it could time a question to land under a click already
 * on its way; a click must come after the person could see what they are answering.
 */
export const ARM_DELAY_MS = 600;

export interface AppPromptCardProps {
  prompt: AppPrompt;
  appName: string;
  serverName: string;
  onAnswer(answer: AppPromptAnswer): void;
}

/** A question an app's request puts to the person: run a tool, open a page, send a message. */
export function AppPromptCard({ prompt, appName, serverName, onAnswer }: AppPromptCardProps) {
  const [armed, setArmed] = useState(false);
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    card.current?.scrollIntoView?.({ block: 'nearest' });
    const timer = setTimeout(() => setArmed(true), ARM_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const button = (answer: AppPromptAnswer, text: string, className?: string) => (
    <button
      type="button"
      {...(className ? { className } : {})}
      disabled={!armed}
      onClick={() => onAnswer(answer)}
    >
      {text}
    </button>
  );
  const label =
    prompt.kind === 'tool'
      ? `Let ${appName} run ${prompt.toolName}?`
      : prompt.kind === 'link'
        ? `Let ${appName} open a page?`
        : `Send ${appName}'s message?`;
  return (
    <div className="approval app-prompt" role="group" aria-label={label} ref={card}>
      {prompt.kind === 'tool' ? (
        <>
          <p>
            The app wants to run <code>{prompt.toolName}</code> on {serverName}.
          </p>
          <ChangedSinceAllowed serverName={serverName} changed={prompt.changed} />
          <CallData args={prompt.args} heading={`What ${appName} sends to ${serverName}:`} />
          <ApprovalButtons
            disabled={!armed}
            onApprove={() => onAnswer('allow')}
            onDeny={() => onAnswer('deny')}
            onAlwaysAllow={() => onAnswer('always')}
          />
        </>
      ) : prompt.kind === 'link' ? (
        <>
          <p>The app wants to open this page in a new tab:</p>
          <p className="app-prompt-url">
            <code>{prompt.url}</code>
          </p>
          {button('allow', 'Open page', 'primary')}
          {button('deny', 'Cancel')}
        </>
      ) : (
        <>
          <p>The app wants to send this to the chat as your message:</p>
          <blockquote className="app-prompt-message">{prompt.text}</blockquote>
          {button('allow', 'Send', 'primary')}
          {button('deny', 'Don’t send')}
        </>
      )}
    </div>
  );
}
