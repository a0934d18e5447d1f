import type { ReactNode } from 'react';

/** What the chat tab shows before any model is set up: a welcome and the model form. */
export function FirstRun({
  modelSetup,
  onRestore,
}: {
  modelSetup: ReactNode;
  /** Opens Settings › Backup at its restore. */
  onRestore(): void;
}) {
  return (
    <section className="panel first-run" aria-label="Welcome">
      <h1>Welcome to Patchbay</h1>
      <p>
        Patchbay is an AI assistant whose tools come from MCP servers: Notion, Linear, docs search,
        or your own. First, connect a model. You can switch servers on in the Servers tab at any
        time.
      </p>
      <p>
        Used Patchbay before?{' '}
        <button type="button" className="link" onClick={onRestore}>
          Restore from a backup
        </button>
      </p>
      {modelSetup}
    </section>
  );
}
