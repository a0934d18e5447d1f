import { PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallToolResult, ReadResourceResult } from '@modelcontextprotocol/client';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { browser } from 'wxt/browser';
import {
  allowAlways,
  changesSinceAllowed,
  needsApproval,
  type ApprovalSettings,
} from '../../src/ai/approval';
import {
  createAppBridge,
  DISPLAY_MODES,
  type AppBridge,
  type AppHostPolicy,
  type McpUiDisplayMode,
} from '../../src/apps/app-bridge-host';
import { createSandboxFrame, retireFrame } from '../../src/apps/app-frame';
import type { AppModelContext } from '../../src/apps/app-model-context';
import { appResourceFrom } from '../../src/apps/app-resource';
import type {
  AppPhase,
  AppPrompt,
  AppPromptAnswer,
  AppPromptRequest,
} from '../../src/apps/app-prompt';
import { toolForApp } from '../../src/apps/app-tool-policy';
import { currentEnvironment, hostContextFor, MAX_INLINE_HEIGHT } from '../../src/apps/host-context';
import type { PatchbayClient } from '../../src/messaging/client';
import type { CallToolResultView, ToolView } from '../../src/messaging/contract';

/** Questions one app may have waiting at once; more are refused. */
const MAX_PROMPTS = 3;
const MIN_HEIGHT = 48;
const INITIAL_HEIGHT = 160;
/** One load of the app: its frame and bridge, and what it has been told. */
interface AppLoad {
  gone: boolean;
  ready: boolean;
  sent: { input: boolean; result: boolean; cancelled: boolean };
  answers: Map<string, (answer: AppPromptAnswer) => void>;
  frame?: HTMLIFrameElement;
  bridge?: AppBridge;
}

/** How long an app may take to load and say it is ready. */
const START_TIMEOUT_MS = 20_000;

export interface McpAppOptions {
  client: PatchbayClient;
  serverId: string;
  serverName: string;
  /** The tool whose card holds the app; `tool.ui.resourceUri` is the app. */
  tool: ToolView;
  callId: string;
  input: Record<string, unknown> | undefined;
  result: CallToolResultView | undefined;
  /** Why the call ended without a result (stopped, denied, failed), once it did. */
  cancelled: string | undefined;
  loadApprovals(): Promise<ApprovalSettings>;
  saveApprovals(next: ApprovalSettings): Promise<void>;
  /** Puts a message the person agreed to into the chat; false when it cannot go now. */
  sendMessage(text: string): Promise<boolean>;
  /** Keeps (or, with undefined, drops) what the app last told the model. */
  setModelContext(callId: string, context: AppModelContext | undefined): void;
}

/**
 * One MCP App in a tool card: reads its UI resource, runs it in the sandbox proxy's frame,
 * answers it through {@link createAppBridge} with Patchbay's rules (its own server's tools,
 * under the person's approvals; links and messages only once the person agrees), tells it the
 * tool's input and result, and tears it down when its card goes. `generation` changes to load
 * it again (Reload app).
 */
export function useMcpApp(options: McpAppOptions, generation: number) {
  const [phase, setPhase] = useState<AppPhase>('loading');
  const [error, setError] = useState<string | undefined>();
  const [height, setHeight] = useState(INITIAL_HEIGHT);
  const [displayMode, setDisplayMode] = useState<McpUiDisplayMode>('inline');
  const [canFullscreen, setCanFullscreen] = useState(true);
  const [prompts, setPrompts] = useState<AppPrompt[]>([]);
  const [modelContext, setModelContext] = useState<string | undefined>();
  const box = useRef<HTMLDivElement>(null);
  const latest = useRef(options);
  /** The app as loaded now; each load (Reload app) has its own. */
  const current = useRef<AppLoad | undefined>(undefined);
  const modeRef = useRef<McpUiDisplayMode>('inline');
  useLayoutEffect(() => {
    latest.current = options;
  });

  const environment = useCallback(() => currentEnvironment(window, box.current), []);

  /** Sends the input, result or cancellation the app has not heard yet (input always first). */
  const tell = useCallback(() => {
    const load = current.current;
    if (!load?.bridge || !load.ready || load.gone) return;
    const { bridge, sent } = load;
    const { input, result, cancelled } = latest.current;
    if ((input || result) && !sent.input) {
      sent.input = true;
      void bridge.sendToolInput({ arguments: input ?? {} }).catch(() => undefined);
    }
    if (result && !sent.result) {
      sent.result = true;
      void bridge.sendToolResult(result as CallToolResult).catch(() => undefined);
    } else if (!result && cancelled && !sent.cancelled) {
      sent.cancelled = true;
      void bridge.sendToolCancelled({ reason: cancelled }).catch(() => undefined);
    }
  }, []);
  useEffect(tell, [options.input, options.result, options.cancelled, tell]);

  useLayoutEffect(() => {
    const frameBox = box.current;
    if (!frameBox) return;
    const load: AppLoad = {
      gone: false,
      ready: false,
      sent: { input: false, result: false, cancelled: false },
      answers: new Map(),
    };
    current.current = load;
    setPhase('loading');
    setError(undefined);
    setPrompts([]);
    setCanFullscreen(true);

    /** Throws once this load is over: a torn-down app's late requests change nothing. */
    const alive = () => {
      if (load.gone) throw new Error('The app was closed.');
    };
    const ask = (prompt: AppPromptRequest) =>
      new Promise<AppPromptAnswer>((resolve, reject) => {
        if (load.gone) return reject(new Error('The app was closed.'));
        if (load.answers.size >= MAX_PROMPTS)
          return reject(new Error('The app already has questions waiting for the person.'));
        const id = crypto.randomUUID();
        load.answers.set(id, resolve);
        setPrompts((shown) => [...shown, { ...prompt, id }]);
      });
    const { client, serverId } = latest.current;

    const policy: AppHostPolicy = {
      async callTool(name, args) {
        alive();
        const { serverName, loadApprovals, saveApprovals } = latest.current;
        const listed = await client.server(serverId, 'tools/get');
        const view = toolForApp({ name: serverName, ...listed }, name);
        const approvals = await loadApprovals();
        if (needsApproval(view, approvals)) {
          const changed = changesSinceAllowed(view, approvals);
          const answer = await ask({ kind: 'tool', toolName: name, args, changed });
          if (answer === 'deny') throw new Error(`The person denied ${name}.`);
          if (answer === 'always') await saveApprovals(allowAlways(await loadApprovals(), view));
        }
        alive();
        const result = await client.server(serverId, 'tool/call', {
          name,
          arguments: args,
          caller: 'app',
        });
        return result as CallToolResult;
      },
      // The background's SDK checked the answer against the MCP schema; it passes on as it is.
      async readResource(uri) {
        alive();
        return (await client.server(serverId, 'resources/read', { uri })) as ReadResourceResult;
      },
      async listResources(cursor) {
        alive();
        const page = await client.server(serverId, 'resources/list', cursor ? { cursor } : {});
        return {
          resources: page.resources.map(
            ({ serverId: _server, iconDataUrl: _icon, ...item }) => item,
          ),
          ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
        };
      },
      async openLink(url) {
        if ((await ask({ kind: 'link', url })) === 'deny' || load.gone) return false;
        // A tab of its own, opened by the extension: the app's frame gets no handle on it.
        await browser.tabs.create({ url });
        return true;
      },
      async sendMessage(text) {
        if ((await ask({ kind: 'message', text })) === 'deny' || load.gone) return false;
        return latest.current.sendMessage(text);
      },
      updateModelContext(update) {
        alive();
        const { callId, serverName, tool } = latest.current;
        setModelContext(update?.text);
        latest.current.setModelContext(
          callId,
          update ? { callId, serverName, toolName: tool.name, text: update.text } : undefined,
        );
      },
      requestDisplayMode(mode) {
        if (load.gone || !DISPLAY_MODES.includes(mode)) return modeRef.current;
        modeRef.current = mode;
        setDisplayMode(mode);
        return mode;
      },
      sizeChanged({ height: wanted }) {
        if (!load.gone && typeof wanted === 'number' && Number.isFinite(wanted))
          setHeight(Math.round(Math.min(MAX_INLINE_HEIGHT, Math.max(MIN_HEIGHT, wanted))));
      },
      teardownRequested() {
        if (!load.frame || load.gone) return;
        close();
        setPhase('closed');
      },
      initialized() {
        if (load.gone || load.ready) return;
        clearTimeout(startTimer);
        load.ready = true;
        // An app that says which display modes it supports gets only those.
        const modes = load.bridge?.getAppCapabilities()?.availableDisplayModes;
        setCanFullscreen(!modes || modes.includes('fullscreen'));
        setPhase('running');
        tell();
      },
    };

    /** Ends this load: questions are declined, context dropped, the frame retired. */
    const close = () => {
      load.gone = true;
      clearTimeout(startTimer);
      for (const resolve of load.answers.values()) resolve('deny');
      load.answers.clear();
      if (current.current === load) {
        current.current = undefined;
        setPrompts([]);
      }
      latest.current.setModelContext(latest.current.callId, undefined);
      const { frame, bridge } = load;
      if (!frame) return;
      if (!bridge) {
        frame.remove();
        return;
      }
      void retireFrame(frame, () => bridge.teardownResource({})).finally(() => void bridge.close());
    };

    const { tool, serverName } = latest.current;
    const uri = tool.ui?.resourceUri ?? '';
    // An app that never says it is ready (broken markup, a script its policy blocks) is named.
    const startTimer = setTimeout(() => {
      if (load.gone || load.ready) return;
      setError(`${serverName}'s app did not start within ${START_TIMEOUT_MS / 1000} s.`);
      setPhase('failed');
    }, START_TIMEOUT_MS);
    void client
      .server(serverId, 'resources/read', { uri })
      .then(({ contents }) => {
        if (load.gone) return;
        const app = appResourceFrom(uri, contents, serverName);
        const frame = createSandboxFrame(
          document,
          browser.runtime.getURL('/app-sandbox.html'),
          `${tool.title ?? tool.name} (${serverName})`,
        );
        load.frame = frame;
        frameBox.append(frame);
        const proxy = frame.contentWindow;
        if (!proxy) throw new Error('The app’s frame did not open.');
        const bridge = createAppBridge(policy, {
          hostContext: hostContextFor(tool, modeRef.current, environment()),
          csp: app.csp,
        });
        load.bridge = bridge;
        bridge.onsandboxready = () =>
          void bridge.sendSandboxResourceReady({
            html: app.html,
            ...(app.csp ? { csp: app.csp } : {}),
          });
        return bridge.connect(new PostMessageTransport(proxy, proxy));
      })
      .catch((reason: unknown) => {
        if (load.gone) return;
        clearTimeout(startTimer);
        load.frame?.remove();
        load.frame = undefined;
        setError(reason instanceof Error ? reason.message : String(reason));
        setPhase('failed');
      });

    return () => {
      if (!load.gone) close();
    };
  }, [generation, environment, tell]);

  // The app hears when the panel's theme, size or its display mode change.
  useEffect(() => {
    const frameBox = box.current;
    if (!frameBox) return;
    const update = () => {
      const load = current.current;
      if (!load?.bridge || !load.ready || load.gone) return;
      // The bridge sends the app only the fields that changed (none when the box merely grew).
      load.bridge.setHostContext(
        hostContextFor(latest.current.tool, modeRef.current, environment()),
      );
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(frameBox);
    const scheme = window.matchMedia('(prefers-color-scheme: dark)');
    scheme.addEventListener('change', update);
    return () => {
      observer.disconnect();
      scheme.removeEventListener('change', update);
    };
  }, [displayMode, environment]);

  const answer = useCallback((id: string, value: AppPromptAnswer) => {
    const answers = current.current?.answers;
    const resolve = answers?.get(id);
    answers?.delete(id);
    setPrompts((current) => current.filter((prompt) => prompt.id !== id));
    resolve?.(value);
  }, []);

  const changeDisplayMode = useCallback((mode: McpUiDisplayMode) => {
    modeRef.current = mode;
    setDisplayMode(mode);
  }, []);

  return {
    box,
    phase,
    error,
    height,
    displayMode,
    canFullscreen,
    prompts,
    modelContext,
    answer,
    setDisplayMode: changeDisplayMode,
  };
}
