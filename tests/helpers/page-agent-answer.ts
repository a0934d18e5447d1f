/** What stand-ins for the page agent answer: as the agent does, the data and its summary. */
import type { BrowserAgentCommand } from '../../src/browser-tools/page-agent/commands';
import { summarize } from '../../src/browser-tools/page-agent/result-summary';

/** A result as the page agent answers it (a runInPage stand-in's return value). */
export const agentAnswer = (command: BrowserAgentCommand, data: object) =>
  ({ ok: true, ...data, summary: summarize(command, data as never) }) as never;
