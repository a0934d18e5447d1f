/**
 * Where the relay finds a user's extensions. On one instance they are the sockets it holds; with
 * Redis, a directory shared by every instance stands in (same interface).
 */
import { chooseExtension } from './choose-extension.js';
import type { ExtensionInfo, ExtensionPort } from './extension-host.js';

export interface Directory {
  /** The user's connected extensions, oldest first. */
  list(user: string): Promise<ExtensionInfo[]>;
  /** The extension, if connected and the user's; `undefined` otherwise (same answer for both). */
  get(user: string, extensionId: string): Promise<ExtensionPort | undefined>;
}

/**
 * A browser's name as names are compared: case and Unicode forms aside, so one user's browsers
 * cannot pass for each other by name ("Patchbay", "patchbay").
 */
export function nameKey(name: string): string {
  return name.normalize('NFKC').toLowerCase();
}

export class LocalDirectory implements Directory {
  readonly #ports = new Map<string, ExtensionPort>();

  /**
   * Another browser of the same user holding this name here: a name is one browser's (only the
   * same browser, its id from the same token and name, may take over its socket).
   */
  holderOfName(info: ExtensionInfo): ExtensionPort | undefined {
    const wanted = nameKey(info.name);
    for (const port of this.#ports.values()) {
      if (
        port.info.user === info.user &&
        port.info.id !== info.id &&
        nameKey(port.info.name) === wanted
      )
        return port;
    }
    return undefined;
  }

  add(port: ExtensionPort): void {
    this.#ports.set(port.info.id, port);
  }

  remove(port: ExtensionPort): void {
    if (this.#ports.get(port.info.id) === port) this.#ports.delete(port.info.id);
  }

  local(extensionId: string): ExtensionPort | undefined {
    return this.#ports.get(extensionId);
  }

  ports(): ExtensionPort[] {
    return [...this.#ports.values()];
  }

  get size(): number {
    return this.#ports.size;
  }

  async list(user: string): Promise<ExtensionInfo[]> {
    return [...this.#ports.values()]
      .filter((port) => port.info.user === user)
      .map((port) => port.info);
  }

  async get(user: string, extensionId: string): Promise<ExtensionPort | undefined> {
    const port = this.#ports.get(extensionId);
    return port?.info.user === user ? port : undefined;
  }
}

/** The extension a client means (see chooseExtension), as a port; the error says why not. */
export async function pickExtension(
  directory: Directory,
  user: string,
  named: string | undefined,
): Promise<ExtensionPort | { error: string; reason: 'none' | 'ambiguous' | 'unknown' }> {
  const choice = chooseExtension(await directory.list(user), named);
  if ('error' in choice) return choice;
  return (
    (await directory.get(user, choice.id)) ?? {
      error: 'Extension not found or not accessible',
      reason: 'unknown',
    }
  );
}
