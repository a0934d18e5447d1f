/**
 * Servers › Import from a file: a desktop client's configuration (claude_desktop_config.json,
 * Cursor's mcp.json, VS Code's settings) read as text for {@link parseServerImport}.
 */
import { invalidInput } from '../errors/patchbay-error';

/** Larger files are not configurations of servers (a Patchbay backup with chats, a log…). */
export const MAX_IMPORT_FILE_BYTES = 1024 * 1024;

/** The file's text without a byte-order mark, or an error saying why it is not read. */
export async function readImportFile(file: Pick<Blob, 'size' | 'text'> & { name: string }) {
  if (file.size > MAX_IMPORT_FILE_BYTES)
    throw invalidInput(
      'file',
      `${file.name} is ${Math.round(file.size / 1024)} KB: a servers file is a few KB. Choose the mcpServers JSON of Claude Desktop, Cursor or VS Code.`,
    );
  return (await file.text()).replace(/^\uFEFF/, '');
}
