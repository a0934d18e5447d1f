/**
 * Said above the chat before the person asks: the chat's model cannot call tools (its server
 * said so when it was picked), so the servers' tools are not offered to it, with the models of
 * the same server that can, each one click away. Loaded only when shown.
 */
export default function ToolsNotice({
  model,
  withTools,
  onUse,
}: {
  model: string;
  /** Models of the same server that said they call tools. */
  withTools: readonly string[];
  onUse(model: string): void;
}) {
  return (
    <div className="chat-error tools-notice" role="status" aria-label="Model cannot use tools">
      <p>
        {model} cannot call tools (its server says so): it answers in text only, and your servers’
        tools are not offered to it.
        {withTools.length === 0
          ? ' None of the models found with it can; add one that can (e.g. ollama pull qwen3), then pick it in Settings.'
          : ' Switch to a model that can:'}
      </p>
      {withTools.slice(0, 3).map((id) => (
        <button key={id} type="button" onClick={() => onUse(id)}>
          Use {id}
        </button>
      ))}
    </div>
  );
}
