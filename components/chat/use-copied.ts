import { useEffect, useState } from 'react';

/** How long a Copy button says "Copied". */
const COPIED_MS = 1500;

/**
 * Whether a Copy button says "Copied" now, and the call that makes it say so for a moment. The
 * moment's timer goes with the button (a chat closed within it), so it never sets the state of
 * a button no longer there.
 */
export function useCopied(): [copied: boolean, markCopied: () => void] {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return [copied, () => setCopied(true)];
}
