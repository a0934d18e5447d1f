/**
 * Names for skills across servers. A skill is keyed by its server and its `SKILL.md` URI, never
 * by its name: two servers may both offer `release-notes`. Where names meet, each is qualified
 * with its server's name (`Field Guides/release-notes`), so neither replaces the other and the
 * person and the model can tell them apart.
 */

export interface NamedSkill {
  serverId: string;
  serverName: string;
  uri: string;
  name: string;
}

/** The key of one server's skill. */
export function skillKey(skill: Pick<NamedSkill, 'serverId' | 'uri'>): string {
  return `${skill.serverId}\n${skill.uri}`;
}

export interface QualifiedName {
  /** The name shown to the model: the skill's own, or qualified where names meet. */
  qualifiedName: string;
  /** The other servers that offer a skill of the same name. */
  sameNameOn: string[];
}

/** Each skill's qualified name, by {@link skillKey}. */
export function qualifySkills(skills: readonly NamedSkill[]): Map<string, QualifiedName> {
  const byName = new Map<string, NamedSkill[]>();
  for (const skill of skills) byName.set(skill.name, [...(byName.get(skill.name) ?? []), skill]);
  const names = new Map<string, QualifiedName>();
  for (const group of byName.values()) {
    const serverNames = group.map((skill) => skill.serverName);
    for (const skill of group) {
      const sameNameOn = [
        ...new Set(
          group
            .filter((other) => other.serverId !== skill.serverId)
            .map((other) => other.serverName),
        ),
      ];
      let qualifiedName = skill.name;
      if (group.length > 1) {
        // Two servers of one name, or one server with two skills of one name: the id, the URI.
        const twin = serverNames.filter((name) => name === skill.serverName).length > 1;
        const sameServer = group.filter((other) => other.serverId === skill.serverId).length > 1;
        qualifiedName = sameServer
          ? `${skill.serverName}/${skill.uri}`
          : `${twin ? skill.serverId : skill.serverName}/${skill.name}`;
      }
      names.set(skillKey(skill), { qualifiedName, sameNameOn });
    }
  }
  return names;
}
