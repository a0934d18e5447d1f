/** What a tool call's quiet timer needs of the ask broker. */
export interface WaitsOnPerson {
  isWaitingOn(serverId: string): boolean;
  /** Called when what a server waits on changes (an ask arrives or is settled). */
  onChange(listener: (serverId: string) => void): () => void;
}

/**
 * Fires `onQuiet` after `milliseconds` without a {@link reset} (a progress notification). It
 * holds while the server waits on the person to answer a question it asked, and starts a full
 * period again when the last answer is given: the server then has its whole quiet time to go
 * on, however long the person took.
 */
export function quietTimer(
  milliseconds: number,
  waits: { asks: WaitsOnPerson; serverId: string },
  onQuiet: () => void,
) {
  const { asks, serverId } = waits;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => (asks.isWaitingOn(serverId) ? arm() : onQuiet()), milliseconds);
  };
  const stopListening = asks.onChange((changed) => {
    if (changed === serverId && !asks.isWaitingOn(serverId)) arm();
  });
  arm();
  return {
    reset: arm,
    stop: () => {
      clearTimeout(timer);
      stopListening();
    },
  };
}
