/**
 * Where a tab's tools come from, as the content-script proxy sees it: the page's own MCP server
 * (MCP-B, mcp-b-source.ts) or the WebMCP API (`document.modelContext`, webmcp-source.ts). The
 * proxy relays either to the hub the same way.
 */
import type { CallToolResult, Tool } from '@modelcontextprotocol/client';

/** A tool as the proxy sends it to the hub (the hub validates it again). */
export interface SourceTool {
  name: string;
  title?: string;
  description: string;
  inputSchema: Tool['inputSchema'];
  annotations?: Record<string, unknown>;
}

export interface PageToolSource {
  /** Whether the page says when its tools change (else the proxy asks every minute). */
  readonly announcesChanges: boolean;
  listTools(): Promise<SourceTool[]>;
  /** Runs a tool in the page; rejects when the page could not be reached. */
  callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  /** Called with the new list each time the page says its tools changed. */
  onToolsChanged(listener: (tools: SourceTool[]) => void): void;
  /** Called once when the page's tools went away for good (its server stopped). */
  onClose(listener: () => void): void;
  close(): Promise<void>;
}
