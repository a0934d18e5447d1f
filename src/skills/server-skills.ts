/**
 * A server's skills (`io.modelcontextprotocol/skills`, SEP-2640) in the worker, on the SDK's
 * `SkillsClient`, which lists them, reads their files and checks each file's size, digest and
 * (for `SKILL.md`) frontmatter against the server's entry. Patchbay adds what the SDK leaves to
 * the host: the person's decision per server and URI, pinned to the skill's digest
 * (src/skills/skill-decisions.ts), and qualified names where two servers' skills meet.
 */
import {
  SkillsClient,
  SkillVerificationError,
  type Skill,
} from '@modelcontextprotocol/client/ext/skills';
import { PatchbayError } from '../errors/patchbay-error';
import type { SkillView } from '../messaging/skills-contract';
import type { KeyValueStore } from '../platform/ports';
import {
  decide,
  pinToolDefinitions,
  skillDecisionsSchema,
  skillState,
  toolDefinitions,
  type SkillDecisions,
} from './skill-decisions';
import { allowedToolsOf, listedSize, skillDigest, skillFiles } from './skill-entry';
import { qualifySkills, skillKey } from './skill-names';
import { onServer, REQUEST_TIMEOUT_MS } from '../mcp/on-server';
import { CHAT_LIST_TIMEOUT_MS, listEntries } from './skill-list';
import { offeringSkills } from './skill-offers';
import type { ServerSession } from '../mcp/session/server-session';
import { storageKeys } from '../mcp/storage-keys';
import { toolView } from '../mcp/view';

const options = { timeout: REQUEST_TIMEOUT_MS };
/** The largest file of a skill Patchbay gives the model (its text goes into the chat). */
export const MAX_SKILL_FILE_BYTES = 256 * 1024;

async function decisionsOf(store: KeyValueStore, serverId: string): Promise<SkillDecisions> {
  return skillDecisionsSchema.parse((await store.get(storageKeys.skills(serverId))) ?? {});
}

/** A skill as pages see it, before names across servers are settled. */
async function viewOf(
  session: ServerSession,
  skill: Skill,
  decisions: SkillDecisions,
): Promise<SkillView> {
  const digest = await skillDigest(skill);
  const decision = decisions[skill.uri];
  const state = skillState(decision, digest);
  const toolsAllowed = state === 'allowed' && decision?.allowTools === true;
  return {
    serverId: session.id,
    serverName: session.config.name,
    uri: skill.uri,
    name: skill.frontmatter.name,
    description: skill.frontmatter.description,
    files: skillFiles(skill),
    allowedTools: allowedToolsOf(skill.frontmatter),
    ...(digest !== undefined && { digest }),
    state,
    toolsAllowed,
    ...(toolsAllowed && { toolDefinitions: decision?.tools ?? {} }),
    qualifiedName: skill.frontmatter.name,
    sameNameOn: [],
  };
}

/** The entry of one skill, as the server gives it now (`skills/get`). */
function entryOf(session: ServerSession, uri: string): Promise<Skill> {
  return onServer(session, 'skills', `give the skill ${uri}`, async (connection) => {
    const { skill } = await new SkillsClient(connection.client).get(uri, options);
    return skill;
  });
}

/**
 * The skills of every switched-on, connected server that offers them, with qualified names,
 * all servers asked at once. `allowedOnly`: what the chat offers the model, read with every
 * request: only servers with a skill the person allowed are asked, each list the session keeps
 * is used and a server gets `CHAT_LIST_TIMEOUT_MS`, and only skills allowed as they are
 * now come back. Otherwise (the Servers view) every list is asked for afresh.
 */
export async function allSkills(
  sessions: readonly ServerSession[],
  store: KeyValueStore,
  allowedOnly = false,
): Promise<{ skills: SkillView[]; failures: { serverId: string; message: string }[] }> {
  const offering = offeringSkills(sessions);
  const settled = await Promise.allSettled(
    offering.map(async (session) => {
      const stored = await decisionsOf(store, session.id);
      if (allowedOnly && !Object.keys(stored).length) return [];
      const entries = await listEntries(
        session,
        allowedOnly
          ? { fresh: false, timeoutMs: CHAT_LIST_TIMEOUT_MS }
          : { fresh: true, timeoutMs: REQUEST_TIMEOUT_MS },
      );
      const decisions = await withPinnedTools(session, store, stored, entries);
      const views = await Promise.all(entries.map((entry) => viewOf(session, entry, decisions)));
      return allowedOnly ? views.filter((view) => view.state === 'allowed') : views;
    }),
  );
  const skills = settled.flatMap((result) => (result.status === 'fulfilled' ? result.value : []));
  const failures = settled.flatMap((result, index) =>
    result.status === 'rejected'
      ? [{ serverId: offering[index]!.id, message: messageOf(result.reason) }]
      : [],
  );
  const names = qualifySkills(skills);
  return {
    skills: skills.map((skill) => ({ ...skill, ...names.get(skillKey(skill)) })),
    failures,
  };
}

/** The server's tools as pages see them (what a grant's definitions are compared with). */
async function viewsOf(session: ServerSession) {
  return ((await session.currentTools()) ?? []).map((tool) => toolView(session.id, tool));
}

/**
 * Storage migration: decisions that let a skill's tools run unasked, stored before their
 * definitions were kept, take the tools' definitions as listed now, and are saved so.
 */
async function withPinnedTools(
  session: ServerSession,
  store: KeyValueStore,
  decisions: SkillDecisions,
  entries: readonly Skill[],
): Promise<SkillDecisions> {
  if (!Object.values(decisions).some((decision) => decision.allowTools && !decision.tools))
    return decisions;
  const named = new Map(entries.map((entry) => [entry.uri, allowedToolsOf(entry.frontmatter)]));
  const pinned = pinToolDefinitions(decisions, named, await viewsOf(session));
  if (pinned !== decisions) await store.set({ [storageKeys.skills(session.id)]: pinned });
  return pinned;
}

/**
 * The person allows a skill as they saw it, or takes that back. The digest they saw must be the
 * skill's digest now: a skill that changed in between is shown again, never allowed unseen.
 */
export async function decideSkill(
  session: ServerSession,
  store: KeyValueStore,
  input: { uri: string; digest: string; allow: boolean; allowTools: boolean },
): Promise<SkillView> {
  const entry = await entryOf(session, input.uri);
  const decisions = await decisionsOf(store, session.id);
  const digest = await skillDigest(entry);
  if (input.allow) {
    if (digest === undefined)
      throw new PatchbayError(
        'invalid-request',
        `${session.config.name} lists no digests for the skill ${entry.frontmatter.name}, so Patchbay cannot check it and does not offer it to the model.`,
      );
    if (digest !== input.digest)
      throw new PatchbayError(
        'invalid-request',
        `${session.config.name} changed the skill ${entry.frontmatter.name} since it was shown. Look at it again before allowing it.`,
      );
  }
  // The tools it names run unasked only as they are now: a tool changed later asks again.
  const tools = input.allowTools
    ? toolDefinitions(await viewsOf(session), allowedToolsOf(entry.frontmatter))
    : undefined;
  const next = decide(
    decisions,
    entry.uri,
    input.allow && digest !== undefined
      ? { digest, allowTools: input.allowTools, ...(tools && { tools }) }
      : undefined,
  );
  await store.set({ [storageKeys.skills(session.id)]: next });
  return viewOf(session, entry, next);
}

/**
 * One file of an allowed skill, as text: `SKILL.md` when no file is named. The skill must be
 * allowed as it is now (its digest unchanged), and the SDK checks the file against the entry.
 */
export async function readSkill(
  session: ServerSession,
  store: KeyValueStore,
  input: { uri: string; file?: string | undefined },
): Promise<{ uri: string; text: string }> {
  const decisions = await decisionsOf(store, session.id);
  if (!decisions[input.uri])
    throw new PatchbayError(
      'not-allowed',
      `The skill ${input.uri} of ${session.config.name} is not allowed. Allow it in its Servers card first.`,
    );
  const entry = await entryOf(session, input.uri);
  const state = skillState(decisions[entry.uri], await skillDigest(entry));
  if (state !== 'allowed')
    throw new PatchbayError(
      'not-allowed',
      `${session.config.name} changed the skill ${entry.frontmatter.name} since you allowed it. Look at it again in its Servers card.`,
    );
  return onServer(
    session,
    'skills',
    `give a file of ${entry.frontmatter.name}`,
    async (connection) => {
      try {
        const path = input.file ?? 'SKILL.md';
        const tooLarge = (bytes: number) =>
          new PatchbayError(
            'invalid-request',
            `${path} of the skill ${entry.frontmatter.name} on ${session.config.name} is ${Math.ceil(bytes / 1024)} KB; Patchbay gives the model a skill's files up to ${MAX_SKILL_FILE_BYTES / 1024} KB.`,
          );
        // Refused before reading where the entry lists its size, after reading where not.
        const listed = listedSize(entry, path);
        if (listed !== undefined && listed > MAX_SKILL_FILE_BYTES) throw tooLarge(listed);
        const file = await new SkillsClient(connection.client).read(entry, input.file, {
          ...options,
          cacheMode: 'bypass',
        });
        if (file.bytes.byteLength > MAX_SKILL_FILE_BYTES) throw tooLarge(file.bytes.byteLength);
        if (file.text === undefined)
          throw new PatchbayError(
            'invalid-request',
            `${file.uri} is not text; Patchbay gives the model only a skill's text files.`,
          );
        return { uri: file.uri, text: file.text };
      } catch (error) {
        if (error instanceof SkillVerificationError)
          throw new PatchbayError(
            'request-failed',
            `${session.config.name} sent a file of ${entry.frontmatter.name} that does not match its entry (${error.reason}), so Patchbay did not use it: ${error.message}`,
          );
        throw error;
      }
    },
  );
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
