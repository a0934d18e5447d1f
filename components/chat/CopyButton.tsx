import { useCopied } from './use-copied';

/**
 * Copies `text` to the clipboard and says so for a moment. `name` is the accessible name where
 * the label alone is ambiguous (an answer's Copy beside its code blocks' Copy).
 */
export function CopyButton({
  text,
  label = 'Copy',
  name,
}: {
  text: string;
  label?: string;
  name?: string;
}) {
  const [copied, markCopied] = useCopied();
  return (
    <button
      type="button"
      className="copy"
      {...(name ? { 'aria-label': copied ? `${name}: copied` : name } : {})}
      onClick={() => {
        // The clipboard can be missing (an insecure context, a test page) or refuse; the button
        // then simply does not say "Copied".
        void navigator.clipboard
          ?.writeText(text)
          .then(markCopied)
          .catch(() => undefined);
      }}
    >
      {copied ? 'Copied' : label}
    </button>
  );
}
