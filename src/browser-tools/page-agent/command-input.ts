import { BrowserAgentError } from './agent-error';
import { SCROLL_STEPS, type BrowserAgentCommand, type ScrollCommand } from './commands';

/**
 * Checks and tidies a command before it runs. The background validates commands with zod, but
 * the agent is a separate program in someone else's page: odd input gets an `invalid` answer,
 * never a crash, and numbers are kept within sane bounds.
 */

type Fields = Record<string, unknown>;

function integer(fields: Fields, name: string, fallback: number, min: number, max: number): number {
  const value = fields[name];
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new BrowserAgentError('invalid', `"${name}" must be a number.`);
  }
  return Math.min(max, Math.max(min, Math.floor(value)));
}

function text(fields: Fields, name: string): string {
  const value = fields[name];
  if (typeof value !== 'string') throw new BrowserAgentError('invalid', `"${name}" must be text.`);
  return value;
}

function optionalText(fields: Fields, name: string): string | undefined {
  return fields[name] === undefined ? undefined : text(fields, name);
}

function ref(fields: Fields): string {
  const value = text(fields, 'ref').trim();
  if (!value) throw new BrowserAgentError('invalid', 'No ref was given; take a snapshot first.');
  return value;
}

function oneOf<T extends string>(fields: Fields, name: string, values: readonly T[]): T {
  const value = fields[name];
  if (!values.includes(value as T)) {
    throw new BrowserAgentError('invalid', `"${name}" must be one of ${values.join(', ')}.`);
  }
  return value as T;
}

const MAX = 1_000_000_000;

/** The command, checked; throws `invalid` with a sentence naming what is wrong. */
export function parseCommand(input: unknown): BrowserAgentCommand {
  if (typeof input !== 'object' || input === null) {
    throw new BrowserAgentError('invalid', 'A command must be an object with a "type".');
  }
  const fields = input as Fields;
  switch (fields.type) {
    case 'read':
      return {
        type: 'read',
        format: fields.format === 'text' ? 'text' : 'markdown',
        offset: integer(fields, 'offset', 0, 0, MAX),
        maxChars: integer(fields, 'maxChars', 20_000, 1, MAX),
      };
    case 'snapshot':
      return {
        type: 'snapshot',
        maxElements: integer(fields, 'maxElements', 200, 1, MAX),
        offset: integer(fields, 'offset', 0, 0, MAX),
      };
    case 'find':
      return {
        type: 'find',
        text: text(fields, 'text'),
        maxResults: integer(fields, 'maxResults', 20, 1, 1000),
      };
    case 'click':
      return { type: 'click', ref: ref(fields) };
    case 'type':
      return {
        type: 'type',
        ref: ref(fields),
        text: text(fields, 'text'),
        clear: fields.clear === true,
        submit: fields.submit === true,
      };
    case 'press':
      return {
        type: 'press',
        key: text(fields, 'key'),
        ...(fields.ref === undefined ? {} : { ref: ref(fields) }),
      };
    case 'scroll': {
      const command: ScrollCommand = { type: 'scroll' };
      if (fields.ref !== undefined) command.ref = ref(fields);
      if (fields.direction !== undefined) {
        command.direction = oneOf(fields, 'direction', ['up', 'down', 'left', 'right'] as const);
      }
      if (fields.amount !== undefined) command.amount = oneOf(fields, 'amount', SCROLL_STEPS);
      return command;
    }
    case 'wait': {
      const selector = optionalText(fields, 'selector');
      const waitText = optionalText(fields, 'text');
      if ((selector === undefined) === (waitText === undefined)) {
        throw new BrowserAgentError('invalid', 'Wait for exactly one of "selector" or "text".');
      }
      return {
        type: 'wait',
        ...(selector === undefined ? { text: waitText } : { selector }),
        timeoutMs: integer(fields, 'timeoutMs', 5_000, 0, 300_000),
      };
    }
    default:
      throw new BrowserAgentError(
        'invalid',
        `Unknown command ${JSON.stringify(fields.type)}; the agent knows read, snapshot, find, ` +
          'click, type, press, scroll and wait.',
      );
  }
}
