import { useState } from 'react';
import { collapseText } from './resource-content';

/**
 * Preformatted text from a server, rendered as text (never as HTML). Long text shows its first
 * lines with a button for the rest, so one huge result does not bury the conversation.
 */
export function CollapsibleText({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const { preview, collapsed, expandLabel } = collapseText(text);
  return (
    <div className="collapsible-text">
      <pre>{expanded || !collapsed ? text : preview}</pre>
      {collapsed ? (
        <button
          type="button"
          className="quiet"
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? 'Show less' : expandLabel}
        </button>
      ) : null}
    </div>
  );
}
