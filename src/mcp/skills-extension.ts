/**
 * The skills extension's id (SEP-2640), as the SDK's `@modelcontextprotocol/client/ext/skills`
 * exports it: the client declares it (sdk-client.ts) and a server's capabilities say whether it
 * offers skills (feature-offers.ts). Written out so that the worker's start needs nothing of that
 * module, which is part of the skills' lazy part (src/skills/skills-facade.ts); a unit test holds
 * the two equal.
 */
export const SKILLS_EXTENSION_ID = 'io.modelcontextprotocol/skills';
