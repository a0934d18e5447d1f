import type { SearchHit } from '../../src/chat/chat-search';

export interface ChatSearchProps {
  query: string;
  onQuery(query: string): void;
  /** Undefined while the chats are being read. */
  hits: SearchHit[] | undefined;
  onOpen(id: string): void;
}

/** Search over every chat's title and words; each result shows where the words matched. */
export function ChatSearch({ query, onQuery, hits, onOpen }: ChatSearchProps) {
  return (
    <div className="chat-search">
      <input
        type="search"
        aria-label="Search chats"
        placeholder="Search chats"
        value={query}
        onChange={(event) => onQuery(event.target.value)}
      />
      {query.trim() ? (
        hits === undefined ? (
          <p className="muted">Searching…</p>
        ) : hits.length === 0 ? (
          <p className="muted">No chat has these words.</p>
        ) : (
          <ul className="search-results" aria-label="Search results">
            {hits.map((hit) => (
              <li key={hit.id}>
                <button type="button" className="search-hit" onClick={() => onOpen(hit.id)}>
                  <span className="search-hit-title">{hit.title}</span>
                  <span className="search-hit-snippet">
                    {hit.snippet.map((piece, index) =>
                      piece.match ? <mark key={index}>{piece.text}</mark> : piece.text,
                    )}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
