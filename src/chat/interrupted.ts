import { isToolUIPart, type UIMessage } from 'ai';

/** What a call that was running when its turn broke off says (and the model reads). */
export const OUTCOME_UNKNOWN =
  'Interrupted: Patchbay closed while this call was running, so whether it finished is not known.';
/** What a call the model had not finished asking for says. */
export const NOT_RUN = 'Not run: Patchbay closed before this call was complete.';
/** What a call under way, or waiting for approval, says once the person stopped a routine's run. */
export const STOPPED_RUN = 'Cancelled: you stopped the run before this call finished.';
/** What an unfinished call in an imported chat says: an import never runs anything. */
export const NOT_RUN_IMPORTED = 'Not run: this call was unfinished in the imported chat.';
/** What a waiting approval asked before Patchbay signed its approvals says. */
export const NOT_RUN_UNSIGNED =
  'Not run: this approval was asked by an earlier version of Patchbay; ask again.';

type Part = UIMessage['parts'][number];

/**
 * How an unfinished turn is settled. `interrupted`: this install's own turn broke off (a call
 * that may have run says its outcome is unknown; one waiting for approval still waits).
 * `imported`: the turn came from a file, so every unfinished call is marked not run, approved
 * or not: an import carries words, never a decision. `stopped`: the person stopped the
 * routine's run, so every unfinished call is cancelled (one under way was told to the server).
 */
type Settling = 'interrupted' | 'imported' | 'stopped';

/**
 * The messages of a turn that never finished, as they can be shown and sent again: text stops
 * streaming, a call being asked for is marked not run, a call that was running (or approved and
 * about to) says its outcome is not known, and a call waiting for approval still waits. Nothing
 * runs again without the person.
 */
export function settleInterrupted(
  messages: readonly UIMessage[],
  interrupted: readonly string[],
): UIMessage[] {
  const ids = new Set(interrupted);
  return messages.map((message) =>
    ids.has(message.id) ? settleMessage(message, 'interrupted') : message,
  );
}

/** A message read from a file: nothing in it is left to run or to answer. */
export function settleImported(message: UIMessage): UIMessage {
  return settleMessage(message, 'imported');
}

/** A routine run's answer when the person stopped the run: nothing in it is left to run. */
export function settleStopped(message: UIMessage): UIMessage {
  return settleMessage(message, 'stopped');
}

/**
 * Approvals still waiting that this install did not sign (asked before it signed them): the AI
 * SDK would refuse to run them once approved, so they say "not run" and the person asks again.
 */
export function settleUnsigned(messages: readonly UIMessage[]): UIMessage[] {
  return messages.map((message) =>
    message.role === 'assistant' &&
    message.parts.some(
      (part) =>
        isToolUIPart(part) && part.state === 'approval-requested' && !part.approval.signature,
    )
      ? {
          ...message,
          parts: message.parts.map((part) =>
            isToolUIPart(part) && part.state === 'approval-requested' && !part.approval.signature
              ? failed(part, NOT_RUN_UNSIGNED)
              : part,
          ),
        }
      : message,
  );
}

function settleMessage(message: UIMessage, how: Settling): UIMessage {
  if (message.role !== 'assistant') return message;
  return { ...message, parts: message.parts.map((part) => settlePart(part, how)) };
}

function settlePart(part: Part, how: Settling): Part {
  if ((part.type === 'text' || part.type === 'reasoning') && part.state === 'streaming')
    return { ...part, state: 'done' };
  if (!isToolUIPart(part)) return part;
  const notRun = { interrupted: NOT_RUN, imported: NOT_RUN_IMPORTED, stopped: STOPPED_RUN }[how];
  // A call that may have run: its outcome is not known, or it was cancelled by the person.
  const mayHaveRun = how === 'stopped' ? STOPPED_RUN : OUTCOME_UNKNOWN;
  switch (part.state) {
    case 'input-streaming':
      return { ...failed(part, notRun), input: part.input ?? {} } as Part;
    case 'input-available':
      return how === 'imported' ? failed(part, notRun) : failed(part, mayHaveRun, 'keep');
    case 'approval-requested':
      return how === 'interrupted' ? part : failed(part, notRun);
    case 'approval-responded':
      if (how === 'imported') return failed(part, notRun);
      return part.approval.approved
        ? failed(part, mayHaveRun, 'keep')
        : ({ ...part, state: 'output-denied' } as Part);
    default:
      return part;
  }
}

/**
 * The call as failed with `errorText`. Its approval goes with it, unless this install's own
 * answer is kept to show what the person decided.
 */
function failed(part: Part, errorText: string, approval?: 'keep'): Part {
  if (approval === 'keep') return { ...part, state: 'output-error', errorText } as Part;
  const rest: Record<string, unknown> = { ...part, state: 'output-error', errorText };
  delete rest.approval;
  return rest as Part;
}
