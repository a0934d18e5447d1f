/** What a server's elicitation card is given: the server's request, and the person's answers. */
export interface ElicitationCardProps {
  serverName: string;
  /** Shown only when it is a `data:image/…` URL, so the card never loads anything. */
  iconDataUrl?: string;
  /** The server's message, shown as plain text (never HTML or Markdown). */
  message: string;
  mode: 'form' | 'url';
  /** Form mode: the server's `requestedSchema`, untrusted. */
  requestedSchema?: unknown;
  /** URL mode: the page the server wants the person to open. */
  url?: string;
  /** URL mode: after the person agreed to open the page, until the server says it is done. */
  phase?: 'asking' | 'opened' | 'completed';
  /** Epoch milliseconds after which the server stops waiting. */
  expiresAt?: number;
  /** Form mode: the validated content. URL mode: the person agreed to open the page. */
  onAccept(content?: Record<string, unknown>): void;
  onDecline(): void;
  onCancel(): void;
}
