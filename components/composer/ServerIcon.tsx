export interface ServerIconProps {
  name: string;
  iconDataUrl?: string | undefined;
}

/**
 * A server's icon, or the first letter of its name when it has none. Only `data:` URLs are
 * shown: the background fetched and checked those, and anything else would make the panel
 * load an address a server chose.
 */
export function ServerIcon({ name, iconDataUrl }: ServerIconProps) {
  if (iconDataUrl?.startsWith('data:')) {
    return <img className="picker-icon" src={iconDataUrl} alt="" />;
  }
  const letter = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  return (
    <span className="picker-icon picker-avatar" aria-hidden="true">
      {letter}
    </span>
  );
}
