/**
 * The base of Patchbay's errors. Each subclass names a marker (a registered symbol), and
 * `isInstance` checks for it rather than the prototype chain, so an error still answers to its
 * class when two copies of a module are bundled, where `instanceof` fails. Subclasses set
 * `name` themselves: class names do not survive minification.
 *
 * ```ts
 * class NotFoundError extends MarkedError {
 *   static override readonly marker = Symbol.for('patchbay.not-found-error');
 * }
 * NotFoundError.isInstance(error); // narrowed to NotFoundError
 * ```
 */
export class MarkedError extends Error {
  static readonly marker: symbol = Symbol.for('patchbay.error.base');

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    // Mark the error with every class of its chain, so a base class's check matches it too.
    for (
      let constructor: unknown = new.target;
      typeof constructor === 'function' && constructor !== Error;
      constructor = Object.getPrototypeOf(constructor)
    ) {
      const { marker } = constructor as { marker?: symbol };
      if (marker) Object.defineProperty(this, marker, { value: true });
    }
  }

  static isInstance<T>(this: { marker: symbol; prototype: T }, value: unknown): value is T {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[this.marker] === true
    );
  }
}
