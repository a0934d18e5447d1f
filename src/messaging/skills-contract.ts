/**
 * The message contract for servers' skills (`io.modelcontextprotocol/skills`, SEP-2640). A
 * skill is keyed by its server and its `SKILL.md` URI; its name, description and files are the
 * server's text, so pages treat them as untrusted. Nothing of a skill reaches the model until
 * the person allows it (`skills/decide`), pinned to its digest.
 */
import { z } from 'zod';
import { toolDefinitionSchema } from '../policy/tool-definition';

export const skillStateSchema = z.enum(['new', 'allowed', 'changed', 'unverifiable']);

export const skillViewSchema = z.object({
  serverId: z.string(),
  serverName: z.string(),
  /** The skill's `SKILL.md` URI: its key on its server. */
  uri: z.string(),
  name: z.string(),
  description: z.string(),
  /** Its files as paths under its folder (`SKILL.md`, `templates/NOTES.md`). */
  files: z.array(z.string()),
  /** The tools its `allowed-tools` names (of its own server). */
  allowedTools: z.array(z.string()),
  /** One digest over its files; absent for a skill whose server lists none. */
  digest: z.string().optional(),
  /** Never allowed, allowed as it is, changed since it was allowed, or not verifiable. */
  state: skillStateSchema,
  /** The person agreed that its `allowed-tools` run without asking (while it is allowed). */
  toolsAllowed: z.boolean(),
  /**
   * With `toolsAllowed`: its tools' definitions as they were when the person agreed; a tool
   * whose definition changed since asks again (src/skills/skill-grants.ts).
   */
  toolDefinitions: z.record(z.string(), toolDefinitionSchema).optional(),
  /** The name the model sees: qualified with the server's name where another has the same. */
  qualifiedName: z.string(),
  /** Other connected servers offering a skill of the same name. */
  sameNameOn: z.array(z.string()),
});
export type SkillView = z.infer<typeof skillViewSchema>;

/** Requests addressed to one server (`mcp/{serverId}/{action}`). */
export const skillServerRequests = {
  /**
   * The person allows a skill as they saw it (`digest`), or takes that back. `allowTools`: its
   * `allowed-tools` may run without asking, where nothing else in the chat makes them ask.
   */
  'skills/decide': z.object({
    uri: z.string().min(1).max(8192),
    digest: z.string().min(1).max(200),
    allow: z.boolean(),
    allowTools: z.boolean().default(false),
  }),
  /** One file of an allowed skill, verified against its entry: `SKILL.md` when none is named. */
  'skills/read': z.object({
    uri: z.string().min(1).max(8192),
    file: z.string().min(1).max(1024).optional(),
  }),
} as const;

export const skillServerResults = {
  'skills/decide': z.object({ skill: skillViewSchema }),
  'skills/read': z.object({ uri: z.string(), text: z.string() }),
} as const;

/** Requests across every connected server. */
export const skillGlobalRequests = {
  /**
   * The skills of every switched-on, connected server that offers them; with `allowedOnly`,
   * only servers where the person allowed one are asked, and only allowed skills come back.
   */
  'mcp/skills/list': z.undefined().or(z.object({ allowedOnly: z.boolean().optional() }).strict()),
} as const;

export const skillGlobalResults = {
  'mcp/skills/list': z.object({
    skills: z.array(skillViewSchema),
    /** Servers whose skills could not be listed, and why. */
    failures: z.array(z.object({ serverId: z.string(), message: z.string() })),
  }),
} as const;
