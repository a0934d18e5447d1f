import { actionTarget } from './action-target';
import { BrowserAgentError } from './agent-error';
import { clickElement } from './click';
import { parseCommand } from './command-input';
import {
  BROWSER_AGENT_VERSION,
  type BrowserAgent,
  type BrowserAgentCommand,
  type BrowserAgentCommandType,
  type BrowserAgentFailure,
  type BrowserAgentResponse,
  type BrowserAgentResults,
} from './commands';
import { ElementRefs } from './element-refs';
import { describeElement } from './element-state';
import { findText } from './find-text';
import { parseKey } from './keyboard-events';
import { focusedElement, pressKey } from './press-key';
import { readPage } from './read-page';
import { summarize } from './result-summary';
import { scroll } from './scroll';
import { takeSnapshot } from './snapshot';
import { textMatcher } from './text-matcher';
import { typeText } from './type-text';
import { waitFor } from './wait-for';

/** What every command runs against: the page, and the agent's refs (its only state). */
interface AgentContext {
  window: Window;
  document: Document;
  refs: ElementRefs;
}

type Handler<K extends BrowserAgentCommandType> = (
  command: Extract<BrowserAgentCommand, { type: K }>,
  context: AgentContext,
) => BrowserAgentResults[K] | Promise<BrowserAgentResults[K]>;

/** One handler per command, typed from the contract, so the compiler checks each result. */
const handlers: { [K in BrowserAgentCommandType]: Handler<K> } = {
  read: (command, { document }) => readPage(document, command),
  snapshot: (command, { document, refs }) =>
    takeSnapshot(document, refs, { maxElements: command.maxElements, offset: command.offset ?? 0 }),
  find: (command, { document, refs }) =>
    findText(document, refs, textMatcher(command.text), command.maxResults),
  click: ({ ref }, { document, refs }) => {
    const element = actionTarget(refs, ref, document);
    const description = describeElement(element);
    clickElement(element);
    return { ref, description };
  },
  type: (command, { document, refs }) => {
    const element = actionTarget(refs, command.ref, document, { allowDisabled: true });
    return typeText(element, command.ref, command);
  },
  press: (command, { document, refs }) => {
    const press = parseKey(command.key);
    const target = command.ref
      ? actionTarget(refs, command.ref, document, { allowDisabled: true })
      : focusedElement(document);
    return pressKey(target, press, command.ref !== undefined, { document, refs });
  },
  scroll: (command, { document, refs, window }) => {
    const element = command.ref ? refs.resolve(command.ref, document) : undefined;
    const { position, container } = scroll({ ...command, element }, window);
    const scrolled = command.direction ? container : element;
    return scrolled ? { ...position, ref: refs.refFor(scrolled) } : position;
  },
  wait: async (command, { document, refs }) => {
    const started = performance.now();
    const target =
      command.selector !== undefined
        ? { selector: command.selector }
        : { pattern: textMatcher(command.text ?? ''), text: command.text ?? '' };
    const element = await waitFor(document, target, command.timeoutMs);
    return { waitedMs: Math.round(performance.now() - started), ref: refs.refFor(element) };
  },
};

function failureFrom(error: unknown, type: string): BrowserAgentFailure {
  if (BrowserAgentError.isInstance(error)) return error.toFailure();
  const reason = error instanceof Error ? error.message : String(error);
  return { ok: false, code: 'failed', message: `The ${type} command failed: ${reason}` };
}

/**
 * The browser agent for one document: runs commands against `window`'s page and keeps the refs it
 * hands out. Only the top document is seen (the background injects into the top frame; the
 * contents of iframes are not searched, listed or acted on).
 */
export function createBrowserAgent(window: Window): BrowserAgent {
  const context: AgentContext = { window, document: window.document, refs: new ElementRefs() };
  const run = async (input: unknown): Promise<BrowserAgentResponse> => {
    let type = 'unknown';
    try {
      const command = parseCommand(input);
      type = command.type;
      const handler = handlers[command.type] as Handler<BrowserAgentCommandType>;
      const result = await handler(command as never, context);
      return { ok: true, ...result, summary: summarize(command, result) };
    } catch (error) {
      return failureFrom(error, type);
    }
  };
  return {
    version: BROWSER_AGENT_VERSION,
    run: run as BrowserAgent['run'],
  };
}
