export interface AllowedSitesProps {
  sites: string[];
  onForget(domain: string): void;
  error?: string;
}

/** The websites always allowed to offer their own tools, each with a way to take that back. */
export function AllowedSites({ sites, onForget, error }: AllowedSitesProps) {
  return (
    <div className="allowed-sites">
      <h2>Websites’ tools</h2>
      <p className="muted">
        Some websites offer tools of their own (a shop’s cart, a docs search). Patchbay asks before
        using them; the sites you always allow are listed here. A site allowed once is forgotten
        when you close the browser.
      </p>
      {sites.length === 0 ? (
        <p className="muted">You have not always allowed any website.</p>
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
