/**
 * What an MCP App is told about where it runs (`McpUiHostContext`): the tool that made it, the
 * panel's theme and colours, language, time zone, display mode and the room it has.
 */
import type { Tool } from '@modelcontextprotocol/client';
import type { McpUiDisplayMode, McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { ToolView } from '../messaging/contract';
import { DISPLAY_MODES } from './app-bridge-host';

/** The tallest an app may be inside its card; taller apps scroll, or go full screen. */
export const MAX_INLINE_HEIGHT = 600;

export interface HostEnvironment {
  dark: boolean;
  locale: string;
  timeZone: string;
  touch: boolean;
  hover: boolean;
  /** The panel's size, and the card's width. */
  viewport: { width: number; height: number };
  cardWidth: number;
  /** The panel's colours and font, as CSS values. */
  styles: Record<string, string>;
}

/** The tool as MCP describes it, for `toolInfo`. */
export function mcpToolOf(view: ToolView): Tool {
  return {
    name: view.name,
    ...(view.title ? { title: view.title } : {}),
    description: view.description,
    inputSchema: view.inputSchema as Tool['inputSchema'],
    ...(view.annotations ? { annotations: view.annotations } : {}),
    ...(view.ui ? { _meta: { ui: view.ui } } : {}),
  };
}

export function hostContextFor(
  tool: ToolView,
  displayMode: McpUiDisplayMode,
  environment: HostEnvironment,
): McpUiHostContext {
  const fullscreen = displayMode === 'fullscreen';
  return {
    toolInfo: { tool: mcpToolOf(tool) },
    theme: environment.dark ? 'dark' : 'light',
    styles: {
      variables: environment.styles as NonNullable<McpUiHostContext['styles']>['variables'],
    },
    displayMode,
    availableDisplayModes: DISPLAY_MODES,
    containerDimensions: fullscreen
      ? { width: environment.viewport.width, height: environment.viewport.height }
      : { width: environment.cardWidth, maxHeight: MAX_INLINE_HEIGHT },
    locale: environment.locale,
    timeZone: environment.timeZone,
    userAgent: 'Patchbay',
    platform: 'web',
    deviceCapabilities: { touch: environment.touch, hover: environment.hover },
  };
}

/** The panel's CSS variables under the names MCP Apps uses for theming. */
const STYLE_VARIABLES: Record<string, string> = {
  '--color-background-primary': '--bg',
  '--color-background-secondary': '--surface',
  '--color-text-primary': '--text',
  '--color-text-secondary': '--muted',
  '--color-border-primary': '--border',
  '--color-text-info': '--accent',
  '--color-text-success': '--good',
  '--color-text-warning': '--warn',
  '--color-text-danger': '--bad',
};

/** The environment as the side panel sees it now. */
export function currentEnvironment(win: Window, card: HTMLElement | null): HostEnvironment {
  const computed = win.getComputedStyle(win.document.documentElement);
  const styles: Record<string, string> = {};
  for (const [name, ours] of Object.entries(STYLE_VARIABLES)) {
    const value = computed.getPropertyValue(ours).trim();
    if (value) styles[name] = value;
  }
  const font = computed.fontFamily;
  if (font) styles['--font-sans'] = font;
  return {
    dark: win.matchMedia('(prefers-color-scheme: dark)').matches,
    locale: win.navigator.language,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    touch: win.matchMedia('(pointer: coarse)').matches,
    hover: win.matchMedia('(hover: hover)').matches,
    viewport: { width: win.innerWidth, height: win.innerHeight },
    cardWidth: Math.round(card?.clientWidth ?? win.innerWidth),
    styles,
  };
}
