import type { SamplingBlock } from '../../src/asks/sampling-content';
import type { SamplingMessageView } from '../../src/asks/sampling-request';

export interface SamplingMessagesProps {
  baseId: string;
  messages: SamplingMessageView[];
  /** Each message's content, read for showing. */
  blocks: SamplingBlock[][];
  /** Each message's text as edited. */
  texts: string[];
  readOnly: boolean;
  onTextChange(index: number, value: string): void;
}

/** The request's messages: text editable, images as thumbnails, anything else described. */
export function SamplingMessages({
  baseId,
  messages,
  blocks,
  texts,
  readOnly,
  onTextChange,
}: SamplingMessagesProps) {
  return (
    <ol className="ask-messages">
      {messages.map((message, index) => {
        const messageBlocks = blocks[index] ?? [];
        const id = `${baseId}-message-${index}`;
        return (
          <li key={index} className="ask-field">
            <span className="label">{message.role === 'assistant' ? 'Assistant' : 'User'}</span>
            {messageBlocks.some((block) => block.kind === 'text') ? (
              <textarea
                id={id}
                aria-label={`Message ${index + 1} (${message.role === 'assistant' ? 'assistant' : 'user'})`}
                value={texts[index] ?? ''}
                readOnly={readOnly}
                rows={3}
                onChange={(event) => onTextChange(index, event.target.value)}
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
  );
}
