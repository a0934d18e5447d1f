import { ProtocolError } from '@modelcontextprotocol/client';
import { PatchbayError } from '../errors/patchbay-error';
import type { CallToolResultView, ToolCallPayload } from '../messaging/contract';
import { taskKey, type TaskRef } from '../messaging/tasks-contract';
import { leavesConnectionUp, toConnectionError } from './classify-error';
import { quietTimer } from './quiet-timer';
import { refuseCaller } from './tool-caller';
import { untilAborted } from './until-aborted';
import { callClock, type CallClock } from './call-clock';
import { isUrlElicitationRequired, satisfyUrlElicitations } from './asks/url-elicitation-required';
import { signInWith } from './session/auth-flow';
import { sessionFailure } from './session/failures';
import type { ServerSession } from './session/server-session';
import { switchedOff } from './session/status';
import { clientCapabilities } from './sdk-client';
import { taskEraFor } from './tasks/task-call';
import { LET_GO, STOPPED_BY_PERSON } from './tasks/task-follow';
import type { TaskKeeper } from './tasks/task-keeper';
import { taskWire, type StartOutcome, type TaskEra } from './tasks/task-wire';

export { DEFAULT_TOOL_DEADLINE_MS, DEFAULT_TOOL_TIMEOUT_MS } from './call-clock';

/** Scope step-up re-authorizations tried for one call before giving up. */
const MAX_STEP_UPS = 3;

/** What the call's request answered: a result, or (a task tool) the task or a result. */
type CallAnswer =
  | { asTask: false; result: CallToolResultView }
  | { asTask: true; era: TaskEra; outcome: StartOutcome };

/**
 * Calls a tool on the server: refuses switched-off servers and tools, reports progress, can be
 * cancelled by call id, steps up scopes when the server asks for more, and turns every failure
 * into a {@link PatchbayError} with a sentence for people.
 */
export async function callTool(
  session: ServerSession,
  payload: ToolCallPayload,
  tasks?: TaskKeeper,
): Promise<CallToolResultView> {
  const { config, context } = session;
  if (!session.isEnabled) throw new PatchbayError('not-enabled', switchedOff(config.name));
  if (session.disabledTools.includes(payload.name)) {
    throw new PatchbayError(
      'invalid-request',
      `The tool ${payload.name} of ${config.name} is switched off.`,
    );
  }
  refuseCaller(session, payload);
  const callId = payload.callId ?? crypto.randomUUID();
  // Two chats' calls may share an id: a call is its chat's and its id together.
  const key = taskKey({ callId, chatId: payload.chatId });
  if (session.calls.has(key))
    throw new PatchbayError('invalid-request', `A call with id ${callId} is already running.`);
  const controller = new AbortController();
  session.calls.set(key, controller);
  const release = context.keepAlive.hold();
  const clock = callClock(session, payload, callId, controller);
  try {
    return await callWithRetries(session, payload, callId, controller, tasks, clock);
  } catch (error) {
    throw callFailure(session, payload.name, controller.signal, error);
  } finally {
    clearTimeout(clock.overall);
    clock.progress.cancel();
    // A task its caller let go of is followed on under the same id (src/mcp/tasks/).
    if (session.calls.get(key) === controller) session.calls.delete(key);
    release();
  }
}

/**
 * The call, sent again after the person visited the pages the server asked for (once), and
 * after a sign-in for the more access it demanded (up to MAX_STEP_UPS times).
 */
async function callWithRetries(
  session: ServerSession,
  payload: ToolCallPayload,
  callId: string,
  controller: AbortController,
  tasks: TaskKeeper | undefined,
  clock: CallClock,
): Promise<CallToolResultView> {
  const { config, context } = session;
  let pagesOpened = false;
  for (let stepUps = 0; ; stepUps += 1) {
    try {
      const answer = await requestOnce(session, payload, controller, tasks, clock);
      if (!answer.asTask) return answer.result;
      if (answer.outcome.kind === 'result') return answer.outcome.result;
      // A task lives as long as the server keeps it: no deadline, the person may stop it.
      clearTimeout(clock.overall);
      return await tasks!.begin({
        session,
        callId,
        toolName: payload.name,
        ...(payload.chatId ? { chatId: payload.chatId } : {}),
        era: answer.era,
        first: answer.outcome.task,
        signal: controller.signal,
      });
    } catch (error) {
      // The server wants the person on a page of its first: once, then the call goes again.
      if (isUrlElicitationRequired(error) && !pagesOpened && !controller.signal.aborted) {
        pagesOpened = true;
        await satisfyUrlElicitations(
          context.asks,
          { id: session.id, name: config.name, url: config.url },
          error,
          payload.name,
          controller.signal,
        );
        stepUps -= 1;
        continue;
      }
      const challenge = toConnectionError(error).details.challenge;
      if (
        challenge?.error !== 'insufficient_scope' ||
        stepUps >= MAX_STEP_UPS ||
        controller.signal.aborted
      ) {
        throw error;
      }
      // Scope step-up: ask for what was granted plus what the server now demands, then retry.
      const scopes = await session.auth.addChallengedScopes(
        challenge.scope?.split(' ').filter(Boolean) ?? [],
      );
      await signInWith(session, { scope: scopes.join(' '), stepUp: true });
    }
  }
}

/** The call's request, once: a result, or (a tool that runs as a task) the task or a result. */
async function requestOnce(
  session: ServerSession,
  payload: ToolCallPayload,
  controller: AbortController,
  tasks: TaskKeeper | undefined,
  clock: CallClock,
): Promise<CallAnswer> {
  const { context } = session;
  const { timeout, deadline, progress, quiet } = clock;
  const idle = quietTimer(timeout, { asks: context.asks, serverId: session.id }, quiet);
  try {
    // A call waiting for the connection to open is let go at once when it is cancelled (the
    // server switched off, the person pressed stop), not when the connecting attempt ends.
    return await untilAborted(
      session.withConnection(
        async (connection) => {
          const era = tasks && (await taskEraFor(session, connection, payload.name));
          // A tool that runs as a task answers with the task (src/mcp/tasks/).
          if (era)
            return taskWire(era, clientCapabilities(true))
              .start(
                connection.client,
                { name: payload.name, arguments: payload.arguments ?? {} },
                { signal: controller.signal, timeout },
              )
              .then((outcome): CallAnswer => ({ asTask: true, era, outcome }));
          return connection.client
            .callTool(
              { name: payload.name, arguments: payload.arguments ?? {} },
              {
                signal: controller.signal,
                timeout: deadline,
                maxTotalTimeout: deadline,
                onprogress: (update) => {
                  idle.reset();
                  progress.push(update);
                },
              },
            )
            .then((result): CallAnswer => ({
              asTask: false,
              result: result as CallToolResultView,
            }));
        },
        // A call is the first request on a connection opened with a stored era: it does not
        // wait for the tool list, which the connecting attempt fetches beside it.
        { early: true },
      ),
      controller.signal,
    );
  } finally {
    idle.stop();
  }
}

/**
 * Cancels a running call; false when no call has that id. `detach`: the caller let go of it
 * rather than the person stopping it, and a call that became a task goes on in the background.
 */
export function cancelToolCall(session: ServerSession, call: TaskRef, detach = false): boolean {
  const controller = session.calls.get(taskKey(call));
  if (!controller) return false;
  controller.abort(
    new PatchbayError('cancelled', 'The tool call was cancelled.', {
      cause: detach ? LET_GO : STOPPED_BY_PERSON,
    }),
  );
  return true;
}

function callFailure(
  session: ServerSession,
  toolName: string,
  signal: AbortSignal,
  error: unknown,
): PatchbayError {
  const { name } = session.config;
  // Every abort of a call carries the error that says why: cancelled, quiet for too long, past
  // the deadline (whose timer is armed before the SDK's own, equal one), or switched off.
  if (signal.aborted) return signal.reason as PatchbayError;
  if (PatchbayError.isInstance(error)) return error;
  const connectionError = toConnectionError(error);
  const challenge = connectionError.details.challenge;
  if (connectionError.kind === 'auth' && challenge?.error === 'insufficient_scope') {
    return new PatchbayError(
      'auth-required',
      `${name} still refuses ${toolName} after ${MAX_STEP_UPS} sign-ins asking for more access (it wants: ${challenge.scope ?? 'more scopes'}).`,
    );
  }
  if (leavesConnectionUp(error, connectionError)) {
    // The server answered with a JSON-RPC error, or with an answer the SDK refused: the
    // connection itself is fine.
    return new PatchbayError(
      'tool-failed',
      ProtocolError.isInstance(error)
        ? `${name} rejected the call to ${toolName}: ${error.message}`
        : `${name} answered the call to ${toolName} in a way Patchbay could not use: ${connectionError.message}`,
    );
  }
  session.lose(connectionError);
  return sessionFailure(session, connectionError);
}
