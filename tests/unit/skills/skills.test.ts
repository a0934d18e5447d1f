import { describe, expect, it } from 'vitest';
import { decide, skillDecisionsSchema, skillState } from '../../../src/skills/skill-decisions';
import { allowedToolsOf, skillDigest, skillFiles } from '../../../src/skills/skill-entry';
import { qualifySkills, skillKey } from '../../../src/skills/skill-names';

const file = (path: string, digest: string, size = 10) => ({
  uri: `skill://notes/${path}`,
  digest: `sha256:${digest.repeat(64)}`,
  size,
});
const entry = (resources: ReturnType<typeof file>[] | 'dynamic') => ({
  uri: 'skill://notes/SKILL.md',
  resources,
});

describe('a skill’s digest', () => {
  it('covers every file: a changed, added or removed file changes it, the order does not', async () => {
    const base = await skillDigest(entry([file('SKILL.md', 'a'), file('ref/A.md', 'b')]));
    expect(base).toMatch(/^sha256:[0-9a-f]{64}$/);
    await expect(skillDigest(entry([file('ref/A.md', 'b'), file('SKILL.md', 'a')]))).resolves.toBe(
      base,
    );
    await expect(
      skillDigest(entry([file('SKILL.md', 'a'), file('ref/A.md', 'c')])),
    ).resolves.not.toBe(base);
    await expect(
      skillDigest(entry([file('SKILL.md', 'a'), file('ref/A.md', 'b', 11)])),
    ).resolves.not.toBe(base);
    await expect(skillDigest(entry([file('SKILL.md', 'a')]))).resolves.not.toBe(base);
  });

  it('is none for a dynamic skill, which lists no digests', async () => {
    await expect(skillDigest(entry('dynamic'))).resolves.toBeUndefined();
  });

  it('lists files as paths under the skill’s folder', () => {
    expect(skillFiles(entry([file('templates/T.md', 'a'), file('SKILL.md', 'b')]))).toEqual([
      'SKILL.md',
      'templates/T.md',
    ]);
    expect(skillFiles(entry('dynamic'))).toEqual([]);
  });
});

describe('allowed-tools', () => {
  it('reads a space-separated string or a list, without repeats', () => {
    expect(allowedToolsOf({ 'allowed-tools': 'tally  echo tally' })).toEqual(['tally', 'echo']);
    expect(allowedToolsOf({ 'allowed-tools': ['tally', 3, 'echo'] })).toEqual(['tally', 'echo']);
    expect(allowedToolsOf({ name: 'x' })).toEqual([]);
    expect(allowedToolsOf({ 'allowed-tools': { tally: true } })).toEqual([]);
  });
});

describe('the person’s decision about a skill', () => {
  it('holds for the digest it was made for; a changed digest asks again', () => {
    const decisions = decide({}, 'skill://notes/SKILL.md', {
      digest: 'sha256:1',
      allowTools: true,
    });
    expect(skillState(decisions['skill://notes/SKILL.md'], 'sha256:1')).toBe('allowed');
    expect(skillState(decisions['skill://notes/SKILL.md'], 'sha256:2')).toBe('changed');
    expect(skillState(undefined, 'sha256:1')).toBe('new');
    expect(skillState(decisions['skill://notes/SKILL.md'], undefined)).toBe('unverifiable');
    expect(decide(decisions, 'skill://notes/SKILL.md', undefined)).toEqual({});
  });

  it('reads stored decisions that are not a record of them as none, so skills ask again', () => {
    expect(skillDecisionsSchema.parse('allowed')).toEqual({});
    expect(skillDecisionsSchema.parse({ 'skill://a/SKILL.md': { digest: '' } })).toEqual({});
    expect(skillDecisionsSchema.parse({ 'skill://a/SKILL.md': { digest: 'sha256:1' } })).toEqual({
      'skill://a/SKILL.md': { digest: 'sha256:1', allowTools: false },
    });
  });
});

describe('skills of the same name', () => {
  const skill = (
    serverId: string,
    serverName: string,
    name: string,
    uri = `skill://${name}/SKILL.md`,
  ) => ({
    serverId,
    serverName,
    name,
    uri,
  });

  it('are keyed by server and URI, and qualified by server where names meet: none replaces another', () => {
    const a = skill('a', 'Field Guides', 'release-notes');
    const b = skill('b', 'Other Team', 'release-notes');
    const c = skill('a', 'Field Guides', 'tally-report');
    expect(skillKey(a)).not.toBe(skillKey(b));
    const names = qualifySkills([a, b, c]);
    expect(names.get(skillKey(a))).toEqual({
      qualifiedName: 'Field Guides/release-notes',
      sameNameOn: ['Other Team'],
    });
    expect(names.get(skillKey(b))).toEqual({
      qualifiedName: 'Other Team/release-notes',
      sameNameOn: ['Field Guides'],
    });
    expect(names.get(skillKey(c))).toEqual({ qualifiedName: 'tally-report', sameNameOn: [] });
  });

  it('stay apart when their servers share a name, or one server has two of one name', () => {
    const a = skill('custom-1', 'Docs', 'notes');
    const b = skill('custom-2', 'Docs', 'notes');
    const c = skill('x', 'Tools', 'lint', 'skill://one/SKILL.md');
    const d = skill('x', 'Tools', 'lint', 'skill://two/SKILL.md');
    const names = qualifySkills([a, b, c, d]);
    const qualified = [a, b, c, d].map((each) => names.get(skillKey(each))?.qualifiedName);
    expect(qualified).toEqual([
      'custom-1/notes',
      'custom-2/notes',
      'Tools/skill://one/SKILL.md',
      'Tools/skill://two/SKILL.md',
    ]);
    expect(new Set(qualified).size).toBe(4);
  });
});
