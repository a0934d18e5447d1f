/**
 * `npm run version:bump -- <patch|minor|major|x.y.z>`: Patchbay's one version, in package.json
 * (and the lock file's copy of it). The manifest's version is package.json's: WXT writes it
 * into every build, so the store packages and the extension cannot disagree.
 */
import { readFileSync, writeFileSync } from 'node:fs';

export type Bump = 'patch' | 'minor' | 'major';

/** The next version: a bump of `current`, or `to` itself when it is a version. */
export function nextVersion(current: string, to: string): string {
  const parse = (value: string) => {
    const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(value);
    return match ? match.slice(1).map(Number) : undefined;
  };
  const now = parse(current);
  if (!now) throw new Error(`package.json's version "${current}" is not major.minor.patch.`);
  const [major, minor, patch] = now as [number, number, number];
  if (to === 'patch') return `${major}.${minor}.${patch + 1}`;
  if (to === 'minor') return `${major}.${minor + 1}.0`;
  if (to === 'major') return `${major + 1}.0.0`;
  const target = parse(to);
  if (!target) throw new Error(`Give patch, minor, major or a version such as 1.2.3, not "${to}".`);
  // The first part that differs decides, as stores compare versions.
  const first = target.findIndex((part, index) => part !== now[index]);
  if (first < 0 || target[first]! < now[first]!)
    throw new Error(`${to} is not later than ${current}: a store takes only higher versions.`);
  return to;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const to = process.argv[2];
  if (!to) {
    console.error('Usage: npm run version:bump -- <patch|minor|major|x.y.z>');
    process.exit(2);
  }
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
  try {
    const version = nextVersion(pkg.version, to);
    writeFileSync('package.json', `${JSON.stringify({ ...pkg, version }, null, 2)}\n`);
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
      version: string;
      packages: Record<string, { version?: string }>;
    };
    lock.version = version;
    if (lock.packages['']) lock.packages[''].version = version;
    writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
    console.log(`${pkg.version} → ${version}: add its section to CHANGELOG.md, then build.`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
}
