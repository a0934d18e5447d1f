/**
 * The ways into the panel from a web page: the keyboard command opens it with the composer
 * focused; "Ask Patchbay about this selection / page" in the context menu opens it with the
 * selection quoted, or the page's title and address, in the composer. Nothing is sent: the
 * request waits in session storage for the panel of that window, which reads it on opening (or
 * at once, if it is open) and puts the text in the composer.
 */
import type { KeyValueStore, MenuClick, MenuItem, PanelEntryPoints } from '../platform/ports';
import type { QuotedPage } from '../chat-message/message-origin';
import {
  composerRequestKey,
  describePage,
  quoteSelection,
  type ComposerRequest,
} from './composer-request';
import { notFound } from '../errors/patchbay-error';

/** The manifest's command (wxt.config.ts); its key is set at chrome://extensions/shortcuts. */
export const OPEN_PANEL_COMMAND = 'open-patchbay';

export const ASK_ABOUT_SELECTION = 'ask-about-selection';
export const ASK_ABOUT_PAGE = 'ask-about-page';

export const MENU_ITEMS: readonly MenuItem[] = [
  { id: ASK_ABOUT_SELECTION, title: 'Ask Patchbay about this selection', contexts: ['selection'] },
  { id: ASK_ABOUT_PAGE, title: 'Ask Patchbay about this page', contexts: ['page'] },
];

export interface PanelEntryOptions {
  entryPoints: PanelEntryPoints;
  /** chrome.storage.session in the extension. */
  sessionStore: KeyValueStore;
  newId?: () => string;
  /** Where a failure goes (the panel may not be open to say it): the worker's console. */
  warn?: (message: string) => void;
}

export interface PanelEntry {
  /** Listens for the command and menu clicks, and adds the menu items. Call at worker start. */
  init(): Promise<void>;
  /** The keyboard command, pressed in a tab of `windowId`. */
  onCommand(command: string, windowId: number | undefined): Promise<void>;
  /** A click on one of Patchbay's menu items. */
  onMenuClick(click: MenuClick): Promise<void>;
  /** A click on a notification: a routine run's opens the panel on its chat. */
  onNotificationClick(id: string): Promise<void>;
}

/** Notifications whose click opens the panel on a chat: the id ends with the chat's id. */
export const CHAT_NOTICE_PREFIX = 'patchbay-chat:';

/** chrome.windows.WINDOW_ID_CURRENT: for the worker, the window the person was last in. */
export const CURRENT_WINDOW = -2;

export function createPanelEntry(options: PanelEntryOptions): PanelEntry {
  const { entryPoints, sessionStore } = options;
  const newId = options.newId ?? (() => crypto.randomUUID());
  const warn = options.warn ?? ((message: string) => console.warn(message));

  /**
   * Leaves the request for the panel and opens it, both started at once: Chrome opens the panel
   * only within the gesture, so nothing may be awaited before. The panel reads the request on
   * opening, or when it arrives if it is open already.
   */
  const open = async (windowId: number, text?: string, from?: QuotedPage) => {
    const request: ComposerRequest = {
      id: newId(),
      ...(text !== undefined ? { text } : {}),
      ...(from ? { from } : {}),
    };
    const [left, opened] = await Promise.allSettled([
      sessionStore.set({ [composerRequestKey(windowId)]: request }),
      entryPoints.openPanel(windowId),
    ]);
    if (opened.status === 'rejected')
      warn(`Patchbay could not open its side panel: ${messageOf(opened.reason)}`);
    if (left.status === 'rejected')
      warn(`Patchbay could not pass the text to its side panel: ${messageOf(left.reason)}`);
  };

  const entry: PanelEntry = {
    async init() {
      entryPoints.onCommand((command, windowId) => entry.onCommand(command, windowId));
      entryPoints.onMenuClick((click) => entry.onMenuClick(click));
      entryPoints.onNotificationClick((id) => entry.onNotificationClick(id));
      try {
        await entryPoints.createMenuItems(MENU_ITEMS);
      } catch (error) {
        warn(`Patchbay could not add its context-menu items: ${messageOf(error)}`);
      }
    },
    async onCommand(command, windowId) {
      if (command !== OPEN_PANEL_COMMAND || windowId === undefined) return;
      await open(windowId);
    },
    async onMenuClick(click) {
      const windowId = click.tab?.windowId;
      if (windowId === undefined) return;
      const url = click.tab?.url ?? click.pageUrl;
      const title = click.tab?.title;
      const from = url ? { url, ...(title ? { title } : {}) } : undefined;
      if (click.itemId === ASK_ABOUT_SELECTION && click.selectionText?.trim()) {
        // Without an address, the selection is still a page's text (an empty url says so).
        await open(windowId, quoteSelection(click.selectionText), from ?? { url: '' });
      } else if (click.itemId === ASK_ABOUT_PAGE) {
        if (url) await open(windowId, describePage(title, url), from);
        else await open(windowId);
      }
    },
    async onNotificationClick(id) {
      if (!id.startsWith(CHAT_NOTICE_PREFIX)) return;
      // Opened within the click, in the window the person was last in; which window that is
      // is only known after an await, and only the request for the panel needs it.
      const opened = entryPoints.openPanel(CURRENT_WINDOW);
      const request: ComposerRequest = {
        id: newId(),
        openChat: id.slice(CHAT_NOTICE_PREFIX.length),
      };
      const left = entryPoints.lastFocusedWindow().then((windowId) => {
        if (windowId === undefined) throw notFound('no browser window is open');
        return sessionStore.set({ [composerRequestKey(windowId)]: request });
      });
      const [openResult, leftResult] = await Promise.allSettled([opened, left]);
      if (openResult.status === 'rejected')
        warn(`Patchbay could not open its side panel: ${messageOf(openResult.reason)}`);
      if (leftResult.status === 'rejected')
        warn(`Patchbay could not show the chat in its side panel: ${messageOf(leftResult.reason)}`);
    },
  };
  return entry;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
