import { isToolUIPart, type UIMessage } from 'ai';

/** What a call that was running when its turn broke off says (and the model reads). */
export const OUTCOME_UNKNOWN =
  'Interrupted: Patchbay closed while this call was running, so whether it finished is not known.';
/** What a call the model had not finished asking for says. */
export const NOT_RUN = 'Not run: Patchbay closed before this call was complete.';

type Part = UIMessage['parts'][number];

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
    ids.has(message.id) && message.role === 'assistant'
      ? { ...message, parts: message.parts.map(settlePart) }
      : message,
  );
}

function settlePart(part: Part): Part {
  if ((part.type === 'text' || part.type === 'reasoning') && part.state === 'streaming')
    return { ...part, state: 'done' };
  if (!isToolUIPart(part)) return part;
  switch (part.state) {
    case 'input-streaming':
      return { ...failed(part, NOT_RUN), input: part.input ?? {} } as Part;
    case 'input-available':
      return failed(part, OUTCOME_UNKNOWN);
    case 'approval-responded':
      return part.approval.approved
        ? failed(part, OUTCOME_UNKNOWN)
        : ({ ...part, state: 'output-denied' } as Part);
    default:
      return part;
  }
}

function failed(part: Part, errorText: string): Part {
  return { ...part, state: 'output-error', errorText } as Part;
}
