/**
 * What Patchbay reads off a server's skill entry (`skills/list`, SEP-2640): its files as paths
 * under the skill's folder, its `allowed-tools`, and one digest over every file's digest, which
 * is what the person's decision to allow the skill is pinned to.
 */
import type { Skill } from '@modelcontextprotocol/client/ext/skills';

/** The folder of a skill: its `SKILL.md` URI without the file name. */
function rootOf(skill: Pick<Skill, 'uri'>): string {
  return skill.uri.slice(0, skill.uri.lastIndexOf('/') + 1);
}

/** The skill's files as paths under its folder (`SKILL.md`, `templates/NOTES.md`), sorted. */
export function skillFiles(skill: Pick<Skill, 'uri' | 'resources'>): string[] {
  if (skill.resources === 'dynamic') return [];
  const root = rootOf(skill);
  return skill.resources
    .map((file) => (file.uri.startsWith(root) ? file.uri.slice(root.length) : file.uri))
    .sort();
}

/** The size the entry lists for one of its files (a path under its folder); none if unlisted. */
export function listedSize(
  skill: Pick<Skill, 'uri' | 'resources'>,
  path: string,
): number | undefined {
  if (skill.resources === 'dynamic') return undefined;
  const uri = `${rootOf(skill)}${path}`;
  return skill.resources.find((file) => file.uri === uri || file.uri === path)?.size;
}

/**
 * The tools a skill's `allowed-tools` names: a space-separated string (the Agent Skills
 * format) or a list. Tool-pattern suffixes (`Bash(git:*)`) are kept as written, so they match
 * no MCP tool's name.
 */
export function allowedToolsOf(frontmatter: Record<string, unknown>): string[] {
  const value = frontmatter['allowed-tools'];
  const names =
    typeof value === 'string'
      ? value.split(/[\s,]+/)
      : Array.isArray(value)
        ? value.filter((item): item is string => typeof item === 'string')
        : [];
  return [...new Set(names.map((name) => name.trim()).filter(Boolean))];
}

/**
 * One digest for the whole skill: SHA-256 over each file's URI, size and digest, sorted by URI.
 * Any file that changes (its text, or the `SKILL.md` frontmatter: name, description,
 * `allowed-tools`), appears or goes changes it. A `"dynamic"` skill lists no digests, so it has
 * none and cannot be allowed.
 */
export async function skillDigest(
  skill: Pick<Skill, 'uri' | 'resources'>,
): Promise<string | undefined> {
  if (skill.resources === 'dynamic') return undefined;
  const lines = skill.resources
    .map((file) => `${file.uri}\t${file.size}\t${file.digest}`)
    .sort()
    .join('\n');
  const hash = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(`${skill.uri}\n${lines}`),
  );
  return `sha256:${[...new Uint8Array(hash)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
