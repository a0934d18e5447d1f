/**
 * A worker for the Routines panel's tests: answers each request type from a handler the test
 * gives (a thrown error answers `{ ok: false }` with its message and field), records every
 * request with its payload, and broadcasts as the real one does.
 */
import { act } from '@testing-library/react';
import { createPatchbayClient } from '../../src/messaging/client';
import type { Broadcast } from '../../src/messaging/contract';
import type { RoutineRun, RoutineView } from '../../src/routines/routine';

export type Handler = (payload: unknown) => unknown;

export class WorkerRefusal extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export function routinesBackground(handlers: Record<string, Handler>) {
  const requests: { type: string; payload?: unknown }[] = [];
  const listeners = new Set<(message: unknown) => void>();
  const client = createPatchbayClient({
    async send(message) {
      requests.push(message);
      const handler = handlers[message.type];
      if (!handler)
        return { ok: false, error: { code: 'internal', message: `No route ${message.type}` } };
      try {
        return { ok: true, result: await handler(message.payload) };
      } catch (error) {
        const field = error instanceof WorkerRefusal ? error.field : undefined;
        return {
          ok: false,
          error: {
            code: 'invalid-input',
            message: (error as Error).message,
            ...(field ? { field } : {}),
          },
        };
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  });
  const broadcast = (message: Broadcast) =>
    act(() => listeners.forEach((listen) => listen(message)));
  const sent = (type: string) => requests.filter((request) => request.type === type);
  return { client, requests, sent, broadcast };
}

export const HOUR = 3_600_000;
/** A fixed instant: Wednesday 4 December 2030, 07:00 UTC. */
export const NOW = Date.UTC(2030, 11, 4, 7, 0);

export function aRun(overrides: Partial<RoutineRun> = {}): RoutineRun {
  return {
    id: 'run-1',
    routineId: 'routine-1',
    chatId: 'chat-run-1',
    dueAt: NOW,
    startedAt: NOW,
    outcome: 'done',
    ...overrides,
  };
}

export function aRoutine(overrides: Partial<RoutineView> = {}): RoutineView {
  return {
    id: 'routine-1',
    name: 'Morning brief',
    prompt: 'Summarize my new issues.',
    servers: [],
    tools: [],
    schedule: { kind: 'daily', time: '08:00' },
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    answerMinutes: 60,
    paused: false,
    createdAt: NOW - 24 * HOUR,
    updatedAt: NOW - 24 * HOUR,
    nextRunAt: NOW + HOUR,
    ...overrides,
  };
}
