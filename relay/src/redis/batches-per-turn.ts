/**
 * What one instance sends another within one turn of the event loop, gathered into one batch.
 * Under load a turn brings many clients' requests (or many of the browser's answers) for the
 * same peer; published one by one, each paid for its own signature, JSON envelope, Redis
 * command and system call, and signing alone was a fifth of a relay's busy time. A batch is
 * sent once the turn's I/O has been handled (`setImmediate`): what arrived in that turn leaves
 * together, and nothing waits longer than the turn it came in (`process.nextTick` would not do:
 * each socket's data is an I/O callback of its own, and ticks run after each).
 *
 * Batches to one peer leave in the order they were made, and a batch keeps its items' order.
 */

/** Sends one peer's batch; resolves false when it could not be sent. */
export type SendBatch<Item> = (to: string, items: Item[]) => Promise<boolean>;

interface Batch<Item> {
  items: Item[];
  sent: Promise<boolean>;
  settle: (sent: boolean) => void;
}

export class BatchesPerTurn<Item> {
  /** This turn's batch for each peer, in the order they were started. */
  #open = new Map<string, Batch<Item>>();

  constructor(private readonly send: SendBatch<Item>) {}

  /** Adds `item` to this turn's batch for `to`: whether that batch was sent. */
  add(to: string, item: Item): Promise<boolean> {
    let batch = this.#open.get(to);
    if (!batch) {
      if (this.#open.size === 0) setImmediate(() => this.#flush());
      let settle!: (sent: boolean) => void;
      const sent = new Promise<boolean>((resolve) => (settle = resolve));
      batch = { items: [], sent, settle };
      this.#open.set(to, batch);
    }
    batch.items.push(item);
    return batch.sent;
  }

  #flush(): void {
    const open = this.#open;
    this.#open = new Map();
    for (const [to, batch] of open) {
      this.send(to, batch.items).then(batch.settle, () => batch.settle(false));
    }
  }
}
