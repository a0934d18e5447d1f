export interface AllowedSitesProps {
  sites: string[];
  onForget(domain: string): void;
  error?: string;
}

/** The sites always allowed to offer their tools, each with a way to take that back. */
export function AllowedSites({ sites, onForget, error }: AllowedSitesProps) {
  return (
    <div className="allowed-sites">
      <h1>Websites’ tools</h1>
      <p className="muted">
        Sites that run tools in their own pages offer them here once you allow them. Sites allowed
        once are forgotten when the browser closes.
      </p>
      {sites.length === 0 ? (
        <p className="muted">No site is always allowed.</p>
      ) : (
        <ul aria-label="Sites always allowed">
          {sites.map((site) => (
            <li key={site}>
              <span>{site}</span>
              <button
                type="button"
                className="quiet"
                aria-label={`Stop allowing ${site}`}
                onClick={() => onForget(site)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <p className="chat-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
