export interface ServerExportProps {
  /** The custom servers' configuration as JSON, without header values or secrets. */
  exported: string;
  onClose(): void;
}

/** The exported configuration, to copy or download (a data: URL: nothing is fetched). */
export function ServerExport({ exported, onClose }: ServerExportProps) {
  return (
    <section className="import-panel" aria-label="Export servers">
      <p className="muted">Your custom servers, without header values or secrets.</p>
      <textarea readOnly rows={8} value={exported} aria-label="Exported configuration" />
      <div className="form-actions">
        <button type="button" onClick={() => void navigator.clipboard.writeText(exported)}>
          Copy
        </button>
        <a
          className="button"
          download="patchbay-servers.json"
          href={`data:application/json;charset=utf-8,${encodeURIComponent(exported)}`}
        >
          Download
        </a>
        <button type="button" onClick={() => onClose()}>
          Close
        </button>
      </div>
    </section>
  );
}
