/**
 * What a tool says about MCP Apps (`io.modelcontextprotocol/ui`, 2026-01-26) in its `_meta`:
 * the `ui://` resource that is its interface, and who may call it. ext-apps has helpers for
 * these (`getToolUiResourceUri`, `isToolVisibilityAppOnly`), but they live in its app-bridge
 * module, which the service worker should not load, and they throw on a malformed URI where
 * Patchbay wants to ignore it; so these few lines are Patchbay's own.
 */

import type { ToolCaller } from '../policy/app-calls';

export type { ToolCaller };

export interface ToolUi {
  /** The tool's interface, a `ui://` resource of the same server. */
  resourceUri?: string;
  /** Who may call the tool; absent means both. */
  visibility?: ToolCaller[];
}

type ToolMeta = { _meta?: Record<string, unknown> | undefined } | undefined;

/** The extension's id, under which clients declare it and servers look for it. */
export const APPS_EXTENSION_ID = 'io.modelcontextprotocol/ui';
/** The one kind of UI resource Patchbay renders. */
export const APP_MIME_TYPE = 'text/html;profile=mcp-app';

/** The tool's `_meta.ui` (or the older flat `ui/resourceUri`), checked; undefined if none. */
export function toolUi(tool: ToolMeta): ToolUi | undefined {
  const meta = tool?._meta;
  if (!meta || typeof meta !== 'object') return undefined;
  const ui = (typeof meta.ui === 'object' && meta.ui !== null ? meta.ui : {}) as {
    resourceUri?: unknown;
    visibility?: unknown;
  };
  const uri = ui.resourceUri ?? meta['ui/resourceUri'];
  const result: ToolUi = {};
  if (typeof uri === 'string' && /^ui:\/\/\S+$/i.test(uri) && uri.length <= 2_048)
    result.resourceUri = uri;
  if (Array.isArray(ui.visibility) && ui.visibility.length > 0) {
    result.visibility = [
      ...new Set(
        ui.visibility.filter((who): who is ToolCaller => who === 'model' || who === 'app'),
      ),
    ];
  }
  return result.resourceUri !== undefined || result.visibility !== undefined ? result : undefined;
}
