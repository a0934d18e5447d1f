import { MarkedError } from './marked-error';

export type ImageInputErrorKind = 'type' | 'size' | 'content' | 'model';

/** An image the composer refuses, and why, in a sentence the person can act on. */
export class ImageInputError extends MarkedError {
  static override readonly marker = Symbol.for('patchbay.image-input-error');
  override readonly name = 'ImageInputError';

  constructor(
    readonly kind: ImageInputErrorKind,
    message: string,
  ) {
    super(message);
  }
}
