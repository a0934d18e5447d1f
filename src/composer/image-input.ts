import { ImageInputError } from '../errors/image-input-error';

/** The image types every provider Patchbay speaks to accepts. */
export const IMAGE_TYPES = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
} as const;
export type ImageType = keyof typeof IMAGE_TYPES;

/** The largest image sent: every provider takes 5 MB (Anthropic's limit is the lowest). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** An image waiting in the composer: its bytes as a `data:` URL (nothing is fetched to show it). */
export interface PendingImage {
  id: string;
  name: string;
  mediaType: ImageType;
  dataUrl: string;
  size: number;
}

export function isImageType(type: string): type is ImageType {
  return Object.hasOwn(IMAGE_TYPES, type);
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Checks a file's declared type and size before it is read. Throws an `ImageInputError` saying
 * what is wrong and what is accepted.
 */
export function checkImageFile(file: { name: string; type: string; size: number }): ImageType {
  const name = file.name || 'The pasted file';
  if (!isImageType(file.type)) {
    const what = file.type ? `of type ${file.type}` : 'not an image';
    throw new ImageInputError('type', `${name} is ${what}. Attach a PNG, JPEG or WebP image.`);
  }
  if (file.size > MAX_IMAGE_BYTES) {
    throw new ImageInputError(
      'size',
      `${name} is ${megabytes(file.size)}; images can be at most 5 MB. Attach a smaller one.`,
    );
  }
  return file.type;
}

/**
 * Checks that the first bytes are those of the declared type (a file renamed to .png is not a
 * PNG): a provider would refuse it later, with a vaguer error. Signatures from the formats' own
 * specifications (PNG, JPEG/JFIF, RIFF WebP); short enough that a library would add more than
 * it saves.
 */
export function checkImageBytes(name: string, type: ImageType, head: Uint8Array): void {
  const starts = (bytes: readonly number[], at = 0) =>
    bytes.every((byte, index) => head[at + index] === byte);
  const matches =
    type === 'image/png'
      ? starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
      : type === 'image/jpeg'
        ? starts([0xff, 0xd8, 0xff])
        : starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8);
  if (!matches) {
    throw new ImageInputError(
      'content',
      `${name || 'The pasted file'} is not a valid ${IMAGE_TYPES[type]} image. Attach a PNG, JPEG or WebP image.`,
    );
  }
}

/** The file parts of a message for the images, as the AI SDK's UI messages carry them. */
export function imageParts(images: readonly PendingImage[]) {
  return images.map((image) => ({
    type: 'file' as const,
    mediaType: image.mediaType,
    filename: image.name,
    url: image.dataUrl,
  }));
}
