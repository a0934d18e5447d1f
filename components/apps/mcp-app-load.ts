import type { CallToolResult } from '@modelcontextprotocol/client';
import type { AppBridge } from '../../src/apps/app-bridge-host';
import { retireFrame } from '../../src/apps/app-frame';
import type { AppPrompt, AppPromptAnswer, AppPromptRequest } from '../../src/apps/app-prompt';
import type { McpAppOptions } from './mcp-app-options';
import { PatchbayError } from '../../src/errors/patchbay-error';

/** Questions one app may have waiting at once; more are refused. */
const MAX_PROMPTS = 3;

/** One load of the app: its frame and bridge, and what it has been told. */
export interface AppLoad {
  gone: boolean;
  ready: boolean;
  sent: { input: boolean; result: boolean; cancelled: boolean };
  answers: Map<string, (answer: AppPromptAnswer) => void>;
  frame?: HTMLIFrameElement;
  bridge?: AppBridge;
}

export function createAppLoad(): AppLoad {
  return {
    gone: false,
    ready: false,
    sent: { input: false, result: false, cancelled: false },
    answers: new Map(),
  };
}

/** Throws once this load is over: a torn-down app's late requests change nothing. */
export function assertAlive(load: AppLoad): void {
  if (load.gone) throw new PatchbayError('cancelled', 'The app was closed.');
}

/**
 * Sends the input, result or cancellation a ready app has not heard yet (input always first),
 * each once.
 */
export function tellApp(
  load: AppLoad | undefined,
  { input, result, cancelled }: Pick<McpAppOptions, 'input' | 'result' | 'cancelled'>,
): void {
  if (!load?.bridge || !load.ready || load.gone) return;
  const { bridge, sent } = load;
  if ((input || result) && !sent.input) {
    sent.input = true;
    void bridge.sendToolInput({ arguments: input ?? {} }).catch(() => undefined);
  }
  if (result && !sent.result) {
    sent.result = true;
    void bridge.sendToolResult(result as CallToolResult).catch(() => undefined);
  } else if (!result && cancelled && !sent.cancelled) {
    sent.cancelled = true;
    void bridge.sendToolCancelled({ reason: cancelled }).catch(() => undefined);
  }
}

/**
 * Puts a question from the app before the person (`show`) and waits for the answer; refused
 * once the load is over or when too many are waiting.
 */
export function askPerson(
  load: AppLoad,
  prompt: AppPromptRequest,
  show: (prompt: AppPrompt) => void,
): Promise<AppPromptAnswer> {
  return new Promise<AppPromptAnswer>((resolve, reject) => {
    if (load.gone) return reject(new Error('The app was closed.'));
    if (load.answers.size >= MAX_PROMPTS)
      return reject(new Error('The app already has questions waiting for the person.'));
    const id = crypto.randomUUID();
    load.answers.set(id, resolve);
    show({ ...prompt, id });
  });
}

/** Declines every question still waiting. */
export function declineAll(load: AppLoad): void {
  for (const resolve of load.answers.values()) resolve('deny');
  load.answers.clear();
}

/** Takes the frame away: torn down through the bridge when there is one, then closed. */
export function retireAppFrame(load: AppLoad): void {
  const { frame, bridge } = load;
  if (!frame) return;
  if (!bridge) {
    frame.remove();
    return;
  }
  void retireFrame(frame, () => bridge.teardownResource({})).finally(() => void bridge.close());
}
