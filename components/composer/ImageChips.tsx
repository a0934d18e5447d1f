import type { PendingImage } from '../../src/composer/image-input';

export interface ImageChipsProps {
  images: readonly PendingImage[];
  /** Why the last pasted or dropped file was refused. */
  error?: string | undefined;
  onRemove(id: string): void;
}

/** Images going with the next message, each a thumbnail (its own data: URL) and removable. */
export function ImageChips({ images, error, onRemove }: ImageChipsProps) {
  if (images.length === 0 && !error) return null;
  return (
    <div className="image-chips-area">
      {images.length > 0 ? (
        <ul className="attachment-chips" aria-label="Images for your next message">
          {images.map((image) => (
            <li key={image.id} className="attachment-chip image-chip" title={image.name}>
              <img className="image-chip-thumb" src={image.dataUrl} alt="" />
              <span className="attachment-chip-label">{image.name}</span>
              <button
                type="button"
                className="quiet attachment-chip-remove"
                aria-label={`Remove ${image.name}`}
                onClick={() => onRemove(image.id)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p className="chat-error image-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
