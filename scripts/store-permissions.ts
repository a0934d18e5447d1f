/**
 * `npm run store:permissions`: writes the permission table (store/permissions.ts) into the
 * README and the store listing's justification page, between the markers below. A test
 * (tests/unit/scripts/store-permissions.test.ts) fails when a file holds another table.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { PERMISSIONS, type PermissionRow } from '../store/permissions';

export const TABLE_START = '<!-- permissions table: npm run store:permissions -->';
export const TABLE_END = '<!-- end of permissions table -->';

/** The files that show the table. */
export const FILES_WITH_TABLE = ['README.md', 'store/permissions.md'] as const;

function label(row: PermissionRow): string {
  if (row.kind === 'host') return `host \`${row.permission}\``;
  if (row.kind === 'optional-host') return `host \`${row.permission}\` (optional)`;
  return row.kind === 'optional' ? `\`${row.permission}\` (optional)` : `\`${row.permission}\``;
}

/** The table as Markdown, formatted as prettier leaves it. */
export async function renderPermissionTable(
  rows: readonly PermissionRow[] = PERMISSIONS,
): Promise<string> {
  const escape = (text: string) => text.replaceAll('|', '\\|');
  const lines = [
    '| permission | what uses it | asked |',
    '| --- | --- | --- |',
    ...rows.map((row) => `| ${label(row)} | ${escape(row.uses)} | ${escape(row.asked)} |`),
  ];
  return (
    await format(lines.join('\n'), { ...(await resolveConfig('README.md')), parser: 'markdown' })
  ).trimEnd();
}

/** The table block of `markdown` (between the markers), or undefined when it has none. */
export function tableBlock(markdown: string): string | undefined {
  const start = markdown.indexOf(TABLE_START);
  const end = markdown.indexOf(TABLE_END);
  if (start < 0 || end < start) return undefined;
  return markdown.slice(start + TABLE_START.length, end).trim();
}

/** `markdown` with its table block replaced by `table`; throws when the markers are missing. */
export function withTable(markdown: string, table: string, file: string): string {
  const start = markdown.indexOf(TABLE_START);
  const end = markdown.indexOf(TABLE_END);
  if (start < 0 || end < start) {
    throw new Error(`${file} has no permission table markers (${TABLE_START} … ${TABLE_END}).`);
  }
  return `${markdown.slice(0, start + TABLE_START.length)}\n\n${table}\n\n${markdown.slice(end)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const table = await renderPermissionTable();
  for (const file of FILES_WITH_TABLE) {
    writeFileSync(file, withTable(readFileSync(file, 'utf8'), table, file));
    console.log(`Wrote the permission table to ${file}`);
  }
}
