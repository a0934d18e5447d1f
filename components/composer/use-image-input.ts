import { useCallback, useState } from 'react';
import { acceptsImages } from '../../src/models/image-models';
import type { ModelSettings } from '../../src/models/model-settings';
import {
  checkImageBytes,
  checkImageFile,
  imageParts,
  type PendingImage,
} from '../../src/composer/image-input';
import { ImageInputError } from '../../src/errors/image-input-error';

/** The first bytes read to check a file is the image it says it is. */
const HEAD_BYTES = 12;

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be read.'));
    reader.readAsDataURL(file);
  });
}

/**
 * Images pasted or dropped into the composer, waiting for the next message: checked (type,
 * size, content), kept as `data:` URLs, and sent as file parts. The model the chat runs with
 * decides whether images are taken at all (`acceptsImages`). A refused file leaves the others.
 */
export function useImageInput(loadSettings: () => Promise<ModelSettings | undefined>) {
  const [images, setImages] = useState<PendingImage[]>([]);
  const [error, setError] = useState<string | undefined>();

  const add = useCallback(
    async (files: readonly File[]) => {
      setError(undefined);
      const settings = await loadSettings();
      if (settings && !acceptsImages(settings)) {
        setError(
          `${settings.model} does not take images. Choose a model that does (for example GPT-4o, Claude or Gemini) in the chat's header.`,
        );
        return;
      }
      const errors: string[] = [];
      for (const file of files) {
        try {
          const mediaType = checkImageFile(file);
          const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
          checkImageBytes(file.name, mediaType, head);
          const dataUrl = await readAsDataUrl(file);
          const image: PendingImage = {
            id: crypto.randomUUID(),
            name: file.name || `Pasted image.${mediaType.slice('image/'.length)}`,
            mediaType,
            dataUrl,
            size: file.size,
          };
          setImages((previous) => [...previous, image]);
        } catch (caught) {
          errors.push(
            ImageInputError.isInstance(caught)
              ? caught.message
              : `${file.name || 'The pasted file'} could not be read.`,
          );
        }
      }
      if (errors.length) setError(errors.join('\n'));
    },
    [loadSettings],
  );

  const remove = useCallback((id: string) => {
    setImages((previous) => previous.filter((image) => image.id !== id));
    setError(undefined);
  }, []);

  /** The images as message parts, emptied from the composer. */
  const take = useCallback(() => {
    const parts = imageParts(images);
    setImages([]);
    setError(undefined);
    return parts;
  }, [images]);

  return { images, error, add, remove, take };
}
