import { LetterIcon } from '../shared/LetterIcon';
import { imageDataUrl } from './details-state';

/**
 * A small icon beside a tool, resource or prompt: its own when that is a `data:image/` URL,
 * otherwise the letter icon of its name.
 */
export function ItemIcon({
  src,
  name,
  className,
}: {
  src: string | undefined;
  name: string;
  className: string;
}) {
  const safe = imageDataUrl(src);
  return safe ? (
    <img className={className} src={safe} alt="" />
  ) : (
    <LetterIcon name={name} className={className} />
  );
}
