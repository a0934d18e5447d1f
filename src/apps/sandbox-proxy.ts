/**
 * The sandbox proxy of MCP Apps (2026-01-26, "Sandbox proxy"), run by Patchbay's extension
 * sandbox page. That page has an opaque origin (manifest `sandbox.pages`): no `chrome.*` APIs,
 * no access to the extension's storage or pages. It loads the app's HTML into an inner frame
 * (`srcdoc`, scripts and forms only, its own opaque origin) under the app's policy
 * ({@link buildAppCsp}), and passes JSON-RPC messages between that frame and the side panel
 * untouched, except the `ui/notifications/sandbox-*` ones, which are between the panel and this
 * page alone. Messages are taken only from the panel (the parent, at the extension's origin) and
 * from the inner frame; everything else is ignored. ext-apps ships no sandbox proxy (only its
 * example host has one, for a web origin), so this one is Patchbay's own.
 */
import { buildAppCsp, withCspMeta, type AppCspDeclaration } from './app-csp';
import { PatchbayError } from '../errors/patchbay-error';

export const SANDBOX_PROXY_READY = 'ui/notifications/sandbox-proxy-ready';
export const SANDBOX_RESOURCE_READY = 'ui/notifications/sandbox-resource-ready';
/** What the inner frame may do: run its scripts and submit forms (to nowhere, by its policy). */
export const APP_FRAME_SANDBOX = 'allow-scripts allow-forms';

function methodOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { jsonrpc, method } = data as { jsonrpc?: unknown; method?: unknown };
  if (jsonrpc !== '2.0') return undefined;
  return typeof method === 'string' ? method : '';
}

function isSandboxMethod(method: string): boolean {
  return method.startsWith('ui/notifications/sandbox-');
}

export function startSandboxProxy(win: Window): void {
  const doc = win.document;
  if (win.parent === win)
    throw new PatchbayError(
      'forbidden-sender',
      'The app sandbox only runs inside Patchbay’s panel.',
    );
  // The page's URL keeps the extension's origin even though the document's origin is opaque.
  const panelOrigin = new URL(win.location.href).origin;
  let inner: HTMLIFrameElement | undefined;

  let loaded = false;
  const load = (params: unknown) => {
    if (loaded) return; // one app per proxy: the panel makes a new proxy to load again
    const { html, csp } = (params ?? {}) as { html?: unknown; csp?: AppCspDeclaration };
    if (typeof html !== 'string') return;
    loaded = true;
    const frame = doc.createElement('iframe');
    frame.setAttribute('sandbox', APP_FRAME_SANDBOX);
    frame.setAttribute('title', 'App');
    // The app's document is the one Patchbay loaded: a frame that navigates anywhere else
    // (which this page's policy refuses anyway) is removed, and nothing of it is passed on.
    let loads = 0;
    frame.addEventListener('load', () => {
      loads += 1;
      if (loads > 1) {
        frame.remove();
        inner = undefined;
      }
    });
    frame.srcdoc = withCspMeta(html, buildAppCsp(csp));
    inner = frame;
    doc.body.append(frame);
  };

  win.addEventListener('message', (event: MessageEvent) => {
    const method = methodOf(event.data);
    if (method === undefined) return;
    if (event.source === win.parent) {
      if (event.origin !== panelOrigin) return;
      if (method === SANDBOX_RESOURCE_READY) load((event.data as { params?: unknown }).params);
      else if (!isSandboxMethod(method)) inner?.contentWindow?.postMessage(event.data, '*');
    } else if (inner && event.source === inner.contentWindow) {
      if (!isSandboxMethod(method)) win.parent.postMessage(event.data, panelOrigin);
    }
  });
  win.parent.postMessage({ jsonrpc: '2.0', method: SANDBOX_PROXY_READY, params: {} }, panelOrigin);
}
