/**
 * The skills extension's id (SEP-2640), as the SDK's `@modelcontextprotocol/client/ext/skills`
 * exports it. Written out so that the worker's start needs nothing of that module, which is
 * part of the skills' lazy part (./skills-facade.ts); a unit test holds the two equal.
 */
export const SKILLS_EXTENSION_ID = 'io.modelcontextprotocol/skills';
