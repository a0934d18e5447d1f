import { memo, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { DynamicToolUIPart, FileUIPart, UIMessage } from 'ai';
import { readAnswerMetadata } from '../../src/chat-message/answer-metadata';
import { answerMarkdown, usageLine } from '../../src/chat/answer-lines';
import { isResourcePart, type ResourcePartData } from '../../src/chat-message/resource-parts';
import { AnswerActions } from './AnswerActions';
import { AnswerText } from './AnswerText';
import { Reasoning } from './Reasoning';
import { ResourceChips } from './ResourceChips';
import { UserMessage } from './UserMessage';

export interface MessageListProps {
  messages: UIMessage[];
  streaming: boolean;
  renderTool(part: DynamicToolUIPart): ReactNode;
  onEdit(messageId: string, text: string): void;
  /** The person's message whose edit form is open. */
  editingId?: string | undefined;
  onEditingChange(messageId: string | undefined): void;
  /** Offered under the last answer when it can be asked again (not while it runs or waits). */
  onRegenerate?: (() => void) | undefined;
  /** Offered under the last answer: the Routines editor, filled from this chat. */
  onMakeRoutine?: (() => void) | undefined;
  /** Opens a resource a message carried (attached, or from a prompt). */
  onOpenResource?(resource: ResourcePartData): void;
  /**
   * Changes identity whenever what tool cards show changes outside the messages (progress,
   * approvals, servers): rows with tool calls render again then; the others need not.
   */
  toolState?: unknown;
}

/** Messages rendered when a conversation opens, and how many more each "earlier" step adds. */
export const MESSAGE_WINDOW = 40;

/** The handlers rows call after rendering: read from a ref, so rows need not render again. */
type RowHandlers = Pick<
  MessageListProps,
  'onEdit' | 'onEditingChange' | 'onRegenerate' | 'onMakeRoutine' | 'onOpenResource'
>;

/**
 * The conversation, windowed: the latest {@link MESSAGE_WINDOW} messages render at first and
 * earlier ones on request, so a 500-message conversation opens as fast as a short one. Rows are
 * memoized: while an answer streams in, only the message that changes renders again.
 */
export function MessageList(props: MessageListProps) {
  const { messages, streaming, renderTool, editingId, toolState } = props;
  const [shown, setShown] = useState(MESSAGE_WINDOW);
  const listRef = useRef<HTMLOListElement>(null);
  const anchor = useRef<{ scroller: Element; fromBottom: number } | undefined>(undefined);
  const handlers = useRef<RowHandlers>(props);
  useLayoutEffect(() => {
    handlers.current = props;
  });
  const hidden = Math.max(0, messages.length - shown);

  // Earlier messages go in above what the person is reading: keep that where it was.
  useLayoutEffect(() => {
    const kept = anchor.current;
    if (!kept) return;
    anchor.current = undefined;
    kept.scroller.scrollTop = kept.scroller.scrollHeight - kept.fromBottom;
  }, [shown]);

  const showEarlier = () => {
    const scroller = scrollParent(listRef.current);
    if (scroller)
      anchor.current = { scroller, fromBottom: scroller.scrollHeight - scroller.scrollTop };
    setShown((count) => count + MESSAGE_WINDOW);
  };

  const lastIndex = messages.length - 1;
  return (
    <>
      {hidden > 0 ? (
        <button type="button" className="quiet show-earlier" onClick={showEarlier}>
          Show earlier messages ({hidden})
        </button>
      ) : null}
      <ol className="messages" aria-live="polite" ref={listRef}>
        {messages.slice(hidden).map((message, index) => {
          const last = hidden + index === lastIndex;
          return (
            <MessageItem
              key={message.id}
              message={message}
              editable={!streaming}
              editing={message.id === editingId}
              finished={!(last && streaming)}
              regenerate={last && Boolean(props.onRegenerate)}
              makeRoutine={last && Boolean(props.onMakeRoutine)}
              renderTool={renderTool}
              handlers={handlers}
              toolState={toolState}
            />
          );
        })}
      </ol>
    </>
  );
}

function scrollParent(element: Element | null): Element | undefined {
  for (let node = element?.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === 'auto' || overflowY === 'scroll') return node;
  }
  return document.scrollingElement ?? undefined;
}

interface MessageItemProps {
  message: UIMessage;
  editable: boolean;
  editing: boolean;
  /** The answer is complete: its actions show. */
  finished: boolean;
  regenerate: boolean;
  makeRoutine: boolean;
  /** Used while rendering; a row renders again only when its data changes (see `sameRow`). */
  renderTool: MessageListProps['renderTool'];
  handlers: { current: RowHandlers };
  toolState: unknown;
}

const MessageItem = memo(function MessageItem({
  message,
  editable,
  editing,
  finished,
  regenerate,
  makeRoutine,
  renderTool,
  handlers,
}: MessageItemProps) {
  const resources = message.parts.filter(isResourcePart).map((part) => part.data);
  const images = message.parts
    .filter(isShownImage)
    .map((part, index) => (
      <img key={index} className="message-image" src={part.url} alt={part.filename ?? 'Image'} />
    ));
  return (
    <li className={`message message-${message.role}`} data-role={message.role}>
      {message.role === 'user' ? (
        // The person's images sit in their bubble, with its Edit: a message of images alone is
        // not an empty bubble above them.
        <UserMessage
          message={message}
          editable={editable}
          editing={editing}
          attachments={images}
          onStartEdit={() => handlers.current.onEditingChange(message.id)}
          onCancelEdit={() => handlers.current.onEditingChange(undefined)}
          onEdit={(text) => handlers.current.onEdit(message.id, text)}
        />
      ) : (
        <>
          <AnswerParts message={message} renderTool={renderTool} />
          {images}
        </>
      )}
      <ResourceChips
        resources={resources}
        {...(handlers.current.onOpenResource
          ? { onOpen: (resource: ResourcePartData) => handlers.current.onOpenResource?.(resource) }
          : {})}
      />
      {message.role === 'assistant' && finished && !awaitsApproval(message) ? (
        <AnswerActions
          markdown={answerMarkdown(message)}
          usage={usageLine(readAnswerMetadata(message))}
          onRegenerate={regenerate ? () => handlers.current.onRegenerate?.() : undefined}
          onMakeRoutine={makeRoutine ? () => handlers.current.onMakeRoutine?.() : undefined}
        />
      ) : null}
    </li>
  );
}, sameRow);

/** An image the message carries inline (a data: URL of its own type: nothing is fetched). */
function isShownImage(part: UIMessage['parts'][number]): part is FileUIPart {
  return (
    part.type === 'file' &&
    part.mediaType.startsWith('image/') &&
    part.url.startsWith(`data:${part.mediaType};base64,`)
  );
}

function awaitsApproval(message: UIMessage): boolean {
  return message.parts.some(
    (part) => part.type === 'dynamic-tool' && part.state === 'approval-requested',
  );
}

/** An answer's parts in order: reasoning (collapsed), text, tool calls. */
function AnswerParts({
  message,
  renderTool,
}: {
  message: UIMessage;
  renderTool: MessageListProps['renderTool'];
}) {
  const thoughts = readAnswerMetadata(message).thoughtMs ?? [];
  let reasoningIndex = 0;
  return message.parts.map((part, index) => {
    if (part.type === 'text') return <AnswerText key={index} text={part.text} />;
    if (part.type === 'reasoning') {
      const durationMs = thoughts[reasoningIndex++];
      // Some providers send an empty reasoning part (the thinking itself withheld).
      if (!part.text.trim() && part.state !== 'streaming') return null;
      return (
        <Reasoning
          key={index}
          text={part.text}
          streaming={part.state === 'streaming'}
          durationMs={durationMs}
        />
      );
    }
    if (part.type === 'dynamic-tool') return <div key={part.toolCallId}>{renderTool(part)}</div>;
    return null;
  });
}

function sameRow(previous: MessageItemProps, next: MessageItemProps): boolean {
  if (
    previous.message !== next.message ||
    previous.editable !== next.editable ||
    previous.editing !== next.editing ||
    previous.finished !== next.finished ||
    previous.regenerate !== next.regenerate ||
    previous.makeRoutine !== next.makeRoutine
  )
    return false;
  return (
    previous.toolState === next.toolState ||
    !next.message.parts.some((part) => part.type === 'dynamic-tool')
  );
}
