/**
 * What the chat reads of servers' skills before every answer, against real v2 servers built
 * with the SDK's `SkillsExtension`: each server's list is kept until the server says it
 * changed or the connection is new, and a skill's file too large for a chat is refused clearly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SKILL_FILE_BYTES } from '../../../src/skills/server-skills';
import { fieldGuideSkills, startSkillsServer, type SkillsServer } from '../../fixtures/skills';
import { createHarness } from '../../helpers/manager-harness';

const releaseNotesUri = 'skill://release-notes/SKILL.md';
const atlasUri = 'skill://atlas/SKILL.md';

/** A skill whose one reference file is larger than Patchbay gives the model. */
function atlasSkill(): Record<string, string> {
  return {
    'atlas/SKILL.md':
      '---\nname: atlas\ndescription: Looks places up in the tables.\n---\nRead data/TABLES.md.\n',
    'atlas/data/TABLES.md': 'row\n'.repeat(Math.ceil((MAX_SKILL_FILE_BYTES + 1024) / 4)),
  };
}

describe('the skills the chat reads before every answer', () => {
  let guides: SkillsServer;
  const harness = createHarness();
  const skills = harness.skills;
  let serverId: string;
  const listings = () => guides.server.methods().filter((method) => method === 'skills/list');

  beforeAll(async () => {
    guides = await startSkillsServer('Field Guides', { ...fieldGuideSkills(), ...atlasSkill() });
    serverId = await harness.addAndEnable(guides.server.mcpUrl, 'Field Guides');
    const listed = (await skills.list()).skills;
    for (const uri of [releaseNotesUri, atlasUri]) {
      const digest = listed.find((skill) => skill.uri === uri)!.digest!;
      await skills.decide(serverId, { uri, digest, allow: true, allowTools: false });
    }
  });

  afterAll(async () => {
    await harness.dispose();
    await guides?.server.close();
  });

  it('asks each server for its list once, until the server says it changed', async () => {
    const first = await skills.list(true);
    const before = listings().length;
    expect(await skills.list(true)).toEqual(first);
    expect(await skills.list(true)).toEqual(first);
    expect(first.skills.map((skill) => skill.name).sort()).toEqual(['atlas', 'release-notes']);
    expect(listings().length).toBe(before);

    // The server changes a skill's description and says its list changed: the next answer
    // lists again, and finds the skill changed since it was allowed.
    guides.files['release-notes/SKILL.md'] = guides.files['release-notes/SKILL.md']!.replace(
      'Drafts release notes',
      'Drafts terse release notes',
    );
    await guides.reload();
    await expect
      .poll(async () => (await skills.list(true)).skills.map((skill) => skill.name))
      .toEqual(['atlas']);
    expect(listings().length).toBeGreaterThan(before);
  });

  it('lists again over a new connection', async () => {
    await skills.list(true);
    const before = listings().length;
    await harness.manager.disable(serverId);
    await harness.manager.enable(serverId);
    await skills.list(true);
    expect(listings().length - before).toBe(1);
  });

  it('refuses a file of a skill larger than it gives the model, saying so, without reading it', async () => {
    const before = guides.server.methods().length;
    await expect(
      skills.read(serverId, { uri: atlasUri, file: 'data/TABLES.md' }),
    ).rejects.toMatchObject({
      code: 'invalid-request',
      message: expect.stringMatching(
        /^data\/TABLES\.md of the skill atlas on Field Guides is \d+ KB; Patchbay gives the model a skill's files up to 256 KB\.$/,
      ),
    });
    expect(guides.server.methods().slice(before)).not.toContain('resources/read');
    // Its SKILL.md, small, reads as ever.
    expect((await skills.read(serverId, { uri: atlasUri })).text).toContain('Read data/TABLES.md.');
  });
});
