/**
 * A tool's definition as a grant covers it: its description, inputs and hints, in a form that
 * compares exactly. A grant given for a tool ("Always allow", a skill's allowed-tools) holds
 * only while the server still describes the tool so; a changed tool asks again.
 */
import { z } from 'zod';
import type { ToolView } from '../messaging/views';

/** What a grant was given for: the tool as the server described it then. */
export const toolDefinitionSchema = z.object({
  description: z.string(),
  inputSchema: z.string(),
  annotations: z.string(),
});
export type ToolDefinition = z.infer<typeof toolDefinitionSchema>;

/** The parts of a tool's definition a grant covers, in a form that compares exactly. */
export function definitionOf(
  tool: Pick<ToolView, 'description' | 'inputSchema' | 'annotations'>,
): ToolDefinition {
  return {
    description: tool.description,
    inputSchema: canonicalJson(tool.inputSchema),
    annotations: canonicalJson(tool.annotations ?? {}),
  };
}

/** Whether two definitions of a tool are the same, as a grant given for one holds for the other. */
export function sameDefinition(a: ToolDefinition, b: ToolDefinition): boolean {
  return (
    a.description === b.description &&
    a.inputSchema === b.inputSchema &&
    a.annotations === b.annotations
  );
}

/** JSON with object keys sorted, so equal values always give equal text. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(
          Object.entries(item as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : item,
  );
}
