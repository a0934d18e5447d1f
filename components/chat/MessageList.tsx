import { lazy, memo, Suspense, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { DynamicToolUIPart, UIMessage } from 'ai';
import { isResourcePart, type ResourcePartData } from '../../src/chat/resource-parts';
import { ResourceChips } from './ResourceChips';
// The Markdown renderer (react-markdown, remark, GFM) is the panel's largest part; it loads
// beside the first render instead of before it, and text shows as it is until it arrives.
// Once it has arrived it renders directly: through `lazy`, every new answer would show its raw
// text first, for as long as React holds back a suspended boundary's content (300 ms).
let loadedMarkdown: typeof import('./Markdown').Markdown | undefined;
const markdownModule = import('./Markdown').then((module) => {
  loadedMarkdown = module.Markdown;
  return module;
});
const LazyMarkdown = lazy(() => markdownModule.then((module) => ({ default: module.Markdown })));

function AnswerText({ text }: { text: string }) {
  const Markdown = loadedMarkdown;
  if (Markdown) return <Markdown text={text} />;
  return (
    <Suspense fallback={<div className="markdown markdown-loading">{text}</div>}>
      <LazyMarkdown text={text} />
    </Suspense>
  );
}

export interface MessageListProps {
  messages: UIMessage[];
  streaming: boolean;
  renderTool(part: DynamicToolUIPart): ReactNode;
  onEdit(messageId: string, text: string): void;
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

/**
 * The conversation, windowed: the latest {@link MESSAGE_WINDOW} messages render at first and
 * earlier ones on request, so a 500-message conversation opens as fast as a short one. Rows are
 * memoized: while an answer streams in, only the message that changes renders again.
 */
export function MessageList({
  messages,
  streaming,
  renderTool,
  onEdit,
  onOpenResource,
  toolState,
}: MessageListProps) {
  const [shown, setShown] = useState(MESSAGE_WINDOW);
  const listRef = useRef<HTMLOListElement>(null);
  const anchor = useRef<{ scroller: Element; fromBottom: number } | undefined>(undefined);
  // Edits happen after rendering, so rows may read the latest handler from a ref.
  const editRef = useRef(onEdit);
  const openRef = useRef(onOpenResource);
  useLayoutEffect(() => {
    editRef.current = onEdit;
    openRef.current = onOpenResource;
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

  return (
    <>
      {hidden > 0 ? (
        <button type="button" className="link show-earlier" onClick={showEarlier}>
          Show earlier messages ({hidden})
        </button>
      ) : null}
      <ol className="messages" aria-live="polite" ref={listRef}>
        {messages.slice(hidden).map((message) => (
          <MessageItem
            key={message.id}
            message={message}
            editable={!streaming}
            renderTool={renderTool}
            onEdit={editRef}
            onOpenResource={openRef}
            toolState={toolState}
          />
        ))}
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
  /** Used while rendering; a row renders again only when its data changes (see `sameRow`). */
  renderTool: MessageListProps['renderTool'];
  onEdit: { current: MessageListProps['onEdit'] };
  onOpenResource: { current: MessageListProps['onOpenResource'] };
  toolState: unknown;
}

const MessageItem = memo(function MessageItem({
  message,
  editable,
  renderTool,
  onEdit,
  onOpenResource,
}: MessageItemProps) {
  const resources = message.parts.filter(isResourcePart).map((part) => part.data);
  const images = message.parts.filter(
    (part) =>
      part.type === 'file' &&
      part.mediaType.startsWith('image/') &&
      part.url.startsWith(`data:${part.mediaType};base64,`),
  );
  return (
    <li className={`message message-${message.role}`} data-role={message.role}>
      {message.role === 'user' ? (
        <UserMessage
          message={message}
          editable={editable}
          onEdit={(text) => onEdit.current(message.id, text)}
        />
      ) : (
        message.parts.map((part, index) => {
          if (part.type === 'text') return <AnswerText key={index} text={part.text} />;
          if (part.type === 'dynamic-tool')
            return <div key={part.toolCallId}>{renderTool(part)}</div>;
          return null;
        })
      )}
      {images.map((part, index) =>
        part.type === 'file' ? (
          <img
            key={index}
            className="message-image"
            src={part.url}
            alt={part.filename ?? 'Image'}
          />
        ) : null,
      )}
      <ResourceChips
        resources={resources}
        {...(onOpenResource.current
          ? { onOpen: (resource: ResourcePartData) => onOpenResource.current?.(resource) }
          : {})}
      />
    </li>
  );
}, sameRow);

function sameRow(previous: MessageItemProps, next: MessageItemProps): boolean {
  if (previous.message !== next.message || previous.editable !== next.editable) return false;
  return (
    previous.toolState === next.toolState ||
    !next.message.parts.some((part) => part.type === 'dynamic-tool')
  );
}

function UserMessage({
  message,
  editable,
  onEdit,
}: {
  message: UIMessage;
  editable: boolean;
  onEdit(text: string): void;
}) {
  const text = message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(text);
  if (editing) {
    return (
      <form
        className="edit-message"
        onSubmit={(event) => {
          event.preventDefault();
          setEditing(false);
          if (draft.trim()) onEdit(draft.trim());
        }}
      >
        <textarea
          aria-label="Edit message"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          rows={3}
        />
        <div className="form-actions">
          <button type="submit" className="primary">
            Send
          </button>
          <button type="button" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </div>
      </form>
    );
  }
  const fromApp = (message.metadata as { fromApp?: unknown } | undefined)?.fromApp;
  return (
    <div className="user-bubble">
      {typeof fromApp === 'string' ? (
        <p className="message-origin">Sent from the app {fromApp}</p>
      ) : null}
      <p>{text}</p>
      {editable ? (
        <button
          type="button"
          className="link"
          onClick={() => {
            setDraft(text);
            setEditing(true);
          }}
        >
          Edit
        </button>
      ) : null}
    </div>
  );
}
