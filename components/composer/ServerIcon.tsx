import { LetterIcon } from '../shared/LetterIcon';

export interface ServerIconProps {
  name: string;
  iconDataUrl?: string | undefined;
}

/**
 * A server's icon, or its letter icon when it has none. Only `data:` URLs are shown: the
 * background fetched and checked those, and anything else would make the panel load an
 * address a server chose.
 */
export function ServerIcon({ name, iconDataUrl }: ServerIconProps) {
  if (iconDataUrl?.startsWith('data:')) {
    return <img className="picker-icon" src={iconDataUrl} alt="" />;
  }
  return <LetterIcon name={name} className="picker-icon" />;
}
