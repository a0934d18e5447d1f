import type { ReactNode } from 'react';

/** What the chat tab shows before any model is set up: a welcome and the model form. */
export function FirstRun({
  modelSetup,
  onRestore,
}: {
  modelSetup: ReactNode;
  /** Opens Settings › Chats and data at its restore. */
  onRestore(): void;
}) {
  return (
    <section className="panel first-run" aria-label="Welcome">
      <h1>Welcome to Patchbay</h1>
      <p>
        Patchbay is an AI assistant that uses tools from the services you connect (MCP servers):
        Notion, Linear, docs search, or your own. First, choose the AI model that answers you; add
        services any time in the Servers tab.
      </p>
      <p>
        Used Patchbay before?{' '}
        <button type="button" className="quiet" onClick={onRestore}>
          Restore from a backup
        </button>
      </p>
      {modelSetup}
    </section>
  );
}
