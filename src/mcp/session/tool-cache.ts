import type { Tool } from '@modelcontextprotocol/client';
import type { Connection } from '../connection';
import { listAllTools, type ToolList } from '../list-tools';

/**
 * One server's tool list and its freshness (see `listAllTools`): replaced when the server says
 * it changed, asked for again when it is used after going stale, one request at a time.
 */
export class ToolCache {
  tools: Tool[] | null = null;
  private freshUntil = Infinity;
  private refreshing: Promise<void> | undefined;

  /** A list just fetched, with its freshness. */
  set(list: ToolList): void {
    this.tools = list.tools;
    this.freshUntil = list.freshUntil;
  }

  /** A list the server pushed (a change notification): current until the next one. */
  replace(tools: Tool[]): void {
    this.set({ tools, freshUntil: Infinity });
  }

  clear(): void {
    this.tools = null;
    this.freshUntil = Infinity;
  }

  /**
   * The list, asked for again on `connection` first when it has gone stale. `stillCurrent`
   * says whether the answer still belongs to the live connection; `onChanged` runs when it
   * differs from what was held; a failed request goes to `onFailed`.
   */
  async current(
    connection: Connection,
    handlers: { stillCurrent(): boolean; onChanged(): void; onFailed(error: unknown): void },
  ): Promise<Tool[] | null> {
    if (Date.now() < this.freshUntil) return this.tools;
    this.refreshing ??= listAllTools(connection)
      .then(
        (list) => {
          if (!handlers.stillCurrent()) return;
          const changed = JSON.stringify(list.tools) !== JSON.stringify(this.tools);
          this.set(list);
          if (changed) handlers.onChanged();
        },
        (error: unknown) => handlers.onFailed(error),
      )
      .finally(() => {
        this.refreshing = undefined;
      });
    await this.refreshing;
    return this.tools;
  }
}
