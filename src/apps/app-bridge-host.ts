/**
 * Patchbay's side of one MCP App's conversation (JSON-RPC over postMessage, MCP Apps
 * 2026-01-26): ext-apps' `AppBridge` speaks the protocol; this decides what the app may do.
 * Everything an app sends is untrusted: links must be web pages and open only when the person
 * agrees, messages and context are text of bounded length, and tool calls and resource reads go
 * through `policy`, which keeps them to the app's own server under the person's approval rules.
 * The bridge gets no MCP client (`null`): the connection lives in the background, and only what
 * `policy` forwards reaches it.
 */
import {
  AppBridge,
  type McpUiDisplayMode,
  type McpUiHostCapabilities,
  type McpUiHostContext,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import type {
  CallToolResult,
  ContentBlock,
  ListResourcesResult,
  ReadResourceResult,
  Transport,
} from '@modelcontextprotocol/client';
import type { AppCsp } from './app-csp';
import { PatchbayError } from '../errors/patchbay-error';

/** Characters of a message or context update an app may pass on. */
export const MAX_APP_TEXT = 8_000;
/** The longest link an app may ask to open. */
const MAX_LINK_LENGTH = 2_048;
/** Display modes Patchbay offers: in the card, or over the whole panel. */
export const DISPLAY_MODES: McpUiDisplayMode[] = ['inline', 'fullscreen'];

/** What the app told the model, for its next turn (the latest update replaces the last). */
export interface AppContextUpdate {
  text: string;
}

/** What the app may ask of Patchbay; each may refuse by throwing an error with a sentence. */
export interface AppHostPolicy {
  callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  readResource(uri: string): Promise<ReadResourceResult>;
  listResources(cursor: string | undefined): Promise<ListResourcesResult>;
  /** Asks the person; resolves true once the page is open, false when they say no. */
  openLink(url: string): Promise<boolean>;
  /** Asks the person; resolves true once the message is in the chat. */
  sendMessage(text: string): Promise<boolean>;
  updateModelContext(update: AppContextUpdate | undefined): void;
  /** Switches the display mode and answers the one now in use. */
  requestDisplayMode(mode: McpUiDisplayMode): McpUiDisplayMode;
  sizeChanged(size: { width?: number; height?: number }): void;
  /** The app asked to be closed. */
  teardownRequested(): void;
  initialized(): void;
}

export const HOST_INFO = { name: 'Patchbay', version: '0.1.0' };

export function hostCapabilities(csp: AppCsp | undefined): McpUiHostCapabilities {
  return {
    openLinks: {},
    serverTools: {},
    serverResources: {},
    message: { text: {} },
    updateModelContext: { text: {}, structuredContent: {} },
    // What the sandbox applies: the app's own declaration, filtered (app-csp.ts); no device
    // permissions (camera, microphone, location, clipboard) are granted to apps.
    sandbox: { permissions: {}, ...(csp ? { csp } : {}) },
  };
}

/** The link as a URL when it is a web page Patchbay may offer to open; undefined otherwise. */
export function linkToOpen(url: unknown): URL | undefined {
  if (typeof url !== 'string' || url.length > MAX_LINK_LENGTH) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  if (parsed.username || parsed.password) return undefined;
  return parsed;
}

/** The text of content blocks an app sent; throws when they carry anything but text. */
export function textOf(blocks: readonly ContentBlock[] | undefined, what: string): string {
  const list = blocks ?? [];
  if (list.some((block) => block.type !== 'text'))
    throw new PatchbayError('invalid-request', `Patchbay passes on only text in ${what}.`);
  const text = list
    .map((block) => (block.type === 'text' ? block.text : ''))
    .join('\n')
    .trim();
  if (text.length > MAX_APP_TEXT)
    throw new PatchbayError(
      'invalid-request',
      `${what} is longer than ${MAX_APP_TEXT.toLocaleString('en')} characters.`,
    );
  return text;
}

/** Connects a bridge over `transport` (the sandbox proxy's window) that answers with `policy`. */
export function createAppBridge(
  policy: AppHostPolicy,
  options: { hostContext: McpUiHostContext; csp: AppCsp | undefined },
): AppBridge {
  const bridge = new AppBridge(null, HOST_INFO, hostCapabilities(options.csp), {
    hostContext: options.hostContext,
  });
  bridge.oninitialized = () => policy.initialized();
  bridge.onsizechange = (size) => policy.sizeChanged(size);
  bridge.onrequestteardown = () => policy.teardownRequested();
  bridge.oncalltool = async ({ name, arguments: args }) => policy.callTool(name, args ?? {});
  bridge.onreadresource = async ({ uri }) => policy.readResource(uri);
  bridge.onlistresources = async (params) => policy.listResources(params?.cursor);
  bridge.onopenlink = async ({ url }) => {
    const link = linkToOpen(url);
    if (!link) return { isError: true };
    return (await policy.openLink(link.href)) ? {} : { isError: true };
  };
  bridge.onmessage = async ({ role, content }) => {
    if (role !== 'user') return { isError: true };
    const text = textOf(content, 'a message');
    if (!text) return { isError: true };
    return (await policy.sendMessage(text)) ? {} : { isError: true };
  };
  bridge.onupdatemodelcontext = async ({ content, structuredContent }) => {
    const parts = [textOf(content, 'the model’s context')];
    if (structuredContent !== undefined) parts.push(JSON.stringify(structuredContent));
    const text = parts.filter(Boolean).join('\n');
    if (text.length > MAX_APP_TEXT)
      throw new PatchbayError(
        'invalid-request',
        `The model’s context is longer than ${MAX_APP_TEXT.toLocaleString('en')} characters.`,
      );
    policy.updateModelContext(text ? { text } : undefined);
    return {};
  };
  bridge.onrequestdisplaymode = async ({ mode }) => ({ mode: policy.requestDisplayMode(mode) });
  return bridge;
}

export type { AppBridge, McpUiDisplayMode, McpUiHostContext, Transport };
