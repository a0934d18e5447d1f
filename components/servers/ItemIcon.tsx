import { imageDataUrl } from './details-state';

/** A small icon beside a tool, resource or prompt; nothing when it is not a `data:image/` URL. */
export function ItemIcon({ src, className }: { src: string | undefined; className: string }) {
  const safe = imageDataUrl(src);
  return safe ? <img className={className} src={safe} alt="" /> : null;
}
