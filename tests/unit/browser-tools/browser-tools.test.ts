import { describe, expect, it } from 'vitest';
import { createBrowserTools } from '../../../src/browser-tools/browser-tools';
import { NO_SUMMARY } from '../../../src/browser-tools/page-agent-calls';
import { normalizeUrl, restrictionOf } from '../../../src/browser-tools/restricted-urls';
import { RESTRICTED_PAGE } from '../../../src/browser-tools/tab-view';
import { browserToolList } from '../../../src/browser-tools/tool-definitions';
import { stubBrowserControl } from '../../helpers/browser-access-harness';
import { agentAnswer } from '../../helpers/page-agent-answer';

const textOf = (result: { content: Record<string, unknown>[] }) =>
  result.content.map((block) => String(block.text ?? '')).join('\n');

describe('pages browser tools never act on', () => {
  it.each([
    ['chrome://settings', /only on web pages/],
    ['chrome-extension://abc/page.html', /only on web pages/],
    ['edge://extensions', /only on web pages/],
    ['about:blank', /only on web pages/],
    ['file:///etc/passwd', /only on web pages/],
    ['view-source:https://example.com', /only on web pages/],
    ['https://chromewebstore.google.com/detail/x', /extension store/],
    ['https://chrome.google.com/webstore/category', /extension store/],
    ['https://microsoftedge.microsoft.com/addons/detail/x', /extension store/],
    ['https://chromewebstore.google.com./detail/x', /extension store/],
    ['https://chrome.google.com//webstore/x', /extension store/],
    ['https://chrome.google.com/WEBSTORE', /extension store/],
    ['https://microsoftedge.microsoft.com/Addons/', /extension store/],
    ['not a url', /not a valid URL/],
  ])('refuses %s', (url, message) => {
    expect(restrictionOf(url)).toMatch(message);
  });

  it.each(['https://example.com/', 'http://127.0.0.1:8080/a', 'https://chrome.google.com/search'])(
    'allows %s',
    (url) => expect(restrictionOf(url)).toBeUndefined(),
  );

  it('reads "example.com" as https', () => {
    expect(normalizeUrl(' example.com/a ')).toBe('https://example.com/a');
    expect(normalizeUrl('http://localhost:3000')).toBe('http://localhost:3000');
  });
});

describe('the browser tools', () => {
  it('list each tool with a JSON Schema object and honest hints', () => {
    const tools = browserToolList();
    for (const tool of tools) expect(tool.inputSchema.type).toBe('object');
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get('read_page')?.annotations).toMatchObject({ readOnlyHint: true });
    expect(byName.get('click')?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
    });
    expect(byName.get('tab_close')?.annotations.destructiveHint).toBe(true);
  });

  it('refuse bad arguments with the field and the reason, running nothing', async () => {
    const control = stubBrowserControl();
    const tools = createBrowserTools(control);
    const result = await tools.call('click', { ref: '#button' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/Invalid arguments for click: ref: A ref looks like "e12"/);
    const both = await tools.call('wait_for', { selector: 'a', text: 'b' });
    expect(textOf(both)).toMatch(/either selector or text/);
    expect(control.clicks).toEqual([]);
  });

  it('say so for an unknown tool, a missing tab and a restricted page', async () => {
    const control = stubBrowserControl();
    const tools = createBrowserTools(control);
    expect(textOf(await tools.call('format_disk', {}))).toMatch(/no browser tool named/);
    expect(textOf(await tools.call('read_page', { tabId: 99 }))).toMatch(/There is no tab 99/);
    const opened = await tools.call('tab_open', { url: 'chrome://settings' });
    expect(opened.isError).toBe(true);
    expect((await control.listTabs()).length).toBe(1);
    (await control.getTab(1))!.url = 'chrome://extensions/';
    const refused = await tools.call('click', { ref: 'e1' });
    expect(textOf(refused)).toMatch(/Tab 1: Browser tools work only on web pages/);
    expect(control.clicks).toEqual([]);
  });

  it('leave a blank tab for a web page, but never the browser’s own pages', async () => {
    const control = stubBrowserControl();
    const navigated: string[] = [];
    control.navigate = async (_tab, url) => void navigated.push(url);
    const tools = createBrowserTools(control);
    const tab = (await control.getTab(1))!;
    tab.url = 'chrome://newtab/';
    expect((await tools.call('navigate', { url: 'example.com' })).isError).toBeUndefined();
    tab.url = 'chrome://extensions/';
    const refused = await tools.call('navigate', { url: 'example.com' });
    expect(textOf(refused)).toMatch(/Tab 1: Browser tools work only on web pages/);
    expect(textOf(await tools.call('tab_close', { tabId: 1 }))).toMatch(/only on web pages/);
    expect(navigated).toEqual(['https://example.com']);
    expect((await control.listTabs()).length).toBe(1);
  });

  it('say so when going back lands on a page they do not act on', async () => {
    const control = stubBrowserControl();
    control.goBack = async (id) => void ((await control.getTab(id))!.url = 'chrome://settings/');
    const result = await createBrowserTools(control).call('go_back', {});
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/now on a page browser tools do not act on/);
  });

  it('throw away a screenshot when another tab was shown while it was taken', async () => {
    const control = stubBrowserControl();
    control.captureVisible = async () => {
      (await control.getTab(1))!.active = false;
      return 'data:image/png;base64,BBBB';
    };
    const result = await createBrowserTools(control).call('screenshot', {});
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result)).not.toContain('BBBB');
  });

  it('take a screenshot only of the visible tab, as image content', async () => {
    const control = stubBrowserControl();
    const tools = createBrowserTools(control);
    const shot = await tools.call('screenshot', {});
    expect(shot.content[0]).toEqual({ type: 'image', data: 'AAAA', mimeType: 'image/png' });
    await tools.call('tab_open', { url: 'example.org', active: false });
    const hidden = await tools.call('screenshot', { tabId: 2 });
    expect(textOf(hidden)).toMatch(/not the visible tab.*tab_activate/);
  });

  it('put tabs an external client opens in its own tab group', async () => {
    const control = stubBrowserControl();
    const groups: [number[], string, number | undefined][] = [];
    control.group = async (tabIds, title, groupId) => {
      groups.push([tabIds, title, groupId]);
      return 7;
    };
    const tools = createBrowserTools(control);
    await tools.call('tab_open', { url: 'example.org' }, { groupTitle: 'Desk' });
    await tools.call('tab_open', { url: 'example.net' }, { groupTitle: 'Desk' });
    await tools.call('tab_open', { url: 'example.com' });
    expect(groups).toEqual([
      [[2], 'Desk', undefined],
      [[3], 'Desk', 7],
    ]);
  });

  it('tell the model where a read continues', async () => {
    const control = stubBrowserControl();
    control.runInPage = (async (_tabId, command) =>
      agentAnswer(command, {
        title: 'Doc',
        url: 'https://example.com/',
        content: 'abc',
        offset: 3,
        totalChars: 10,
        nextOffset: 6,
        source: 'article',
      })) as typeof control.runInPage;
    const result = await createBrowserTools(control).call('read_page', {
      offset: 3,
      maxChars: 100,
    });
    expect(textOf(result)).toMatch(/Characters 3–6 of 10; more from offset 6\.\n\nabc/);
    expect(result.structuredContent).toMatchObject({ nextOffset: 6, totalChars: 10 });
    expect(result.structuredContent).not.toHaveProperty('ok');
    expect(result.structuredContent).not.toHaveProperty('summary');
  });

  it('answer with an error, never an empty text, when the page’s agent gives no summary', async () => {
    const control = stubBrowserControl();
    // As an agent of an older build answers: its data, no summary.
    control.runInPage = (async () => ({
      ok: true,
      title: 'Doc',
      url: 'https://example.com/',
      content: 'abc',
    })) as unknown as typeof control.runInPage;
    const result = await createBrowserTools(control).call('read_page', {});
    expect(result).toEqual({ content: [{ type: 'text', text: NO_SUMMARY }], isError: true });
  });
});

describe('tabs on pages browser tools never act on', () => {
  /** The platform twin with one web page and a tab on each kind of restricted page. */
  async function browserWithRestrictedTabs() {
    const control = stubBrowserControl();
    const tabs = await control.listTabs();
    const restricted = [
      ['chrome://settings/passwords', 'Password Manager'],
      ['file:///home/ada/taxes-2026.pdf', 'taxes-2026.pdf'],
      ['chrome-extension://nkbihfbeogaeaoehlefnkodbefgpgknn/home.html', 'MetaMask'],
      ['edge://wallet/', 'Wallet'],
      ['about:blank', 'about:blank'],
      ['view-source:https://bank.example/account', 'view-source:bank.example'],
      ['devtools://devtools/bundled/inspector.html', 'DevTools'],
      ['https://chromewebstore.google.com/detail/secret-helper/abc', 'Secret Helper'],
      ['chrome://newtab/', 'New Tab'],
    ];
    for (const [url, title] of restricted) {
      tabs.push({
        id: tabs.length + 1,
        windowId: 1,
        url: url!,
        title: title!,
        active: false,
        loading: false,
      });
    }
    return { control, tools: createBrowserTools(control), restricted: restricted.flat() };
  }

  it('are listed by id alone, without their addresses or titles', async () => {
    const { tools, restricted } = await browserWithRestrictedTabs();
    const result = await tools.call('tabs_list', {});
    const answer = JSON.stringify(result);
    for (const secret of restricted) expect(answer).not.toContain(secret);
    expect(answer).not.toMatch(/chrome|file:|extension:|edge:|about:|devtools|view-source/);
    const lines = textOf(result).split('\n');
    expect(lines[0]).toBe('Tab 1 (active): Example — https://example.com/');
    expect(lines.slice(1)).toEqual(
      Array.from({ length: 9 }, (_, index) => `Tab ${index + 2}: ${RESTRICTED_PAGE}`),
    );
    const entries = (result.structuredContent as { tabs: Record<string, unknown>[] }).tabs;
    expect(entries[0]).toEqual({
      id: 1,
      windowId: 1,
      url: 'https://example.com/',
      title: 'Example',
      active: true,
    });
    expect(entries[3]).toEqual({ id: 4, windowId: 1, active: false, restricted: true });
    expect(entries.filter((entry) => entry.restricted)).toHaveLength(9);
  });

  it('stay unnamed when a tool shows one or an action lands on one', async () => {
    const { control, tools } = await browserWithRestrictedTabs();
    const shown = await tools.call('tab_activate', { tabId: 2 });
    expect(textOf(shown)).toBe(`Showing Tab 2: ${RESTRICTED_PAGE}`);
    control.settle = async (id) => ({
      ...(await control.getTab(id))!,
      url: 'file:///etc/shadow',
      title: 'shadow',
    });
    const clicked = await tools.call('click', { ref: 'e1' });
    expect(textOf(clicked)).toContain(`The tab is now on a ${RESTRICTED_PAGE}.`);
    expect(JSON.stringify(clicked)).not.toMatch(/shadow/);
  });
});

/** The person shows another tab (their inbox, on another origin) in place of tab 1. */
async function showInbox(control: ReturnType<typeof stubBrowserControl>) {
  (await control.getTab(1))!.active = false;
  return control.openTab('https://mail.example/inbox', true);
}

/** The stub, recording which tab each page agent command ran in. */
function recordingControl() {
  const control = stubBrowserControl();
  const ranIn: number[] = [];
  const runInPage = control.runInPage.bind(control);
  control.runInPage = ((tabId, command) => {
    ranIn.push(tabId);
    return runInPage(tabId, command);
  }) as typeof control.runInPage;
  return { control, ranIn };
}

describe('a call’s tab, pinned when it is decided', () => {
  it('acts only in the document it was decided on: a reload or a navigation since refuses it', async () => {
    const control = stubBrowserControl();
    const tools = createBrowserTools(control);
    const target = await tools.target('press_key', { key: 'Enter' });
    // The page reloads (or moves within its origin) before the call runs.
    control.reload(1);
    const result = await tools.call('press_key', { key: 'Enter' }, { target: target! });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      'Tab 1 shows another page than when this call was approved (it navigated or reloaded), so nothing was done. Ask again to act on the page it shows now.',
    );
    const click = await tools.target('click', { ref: 'e1' });
    expect((await tools.call('click', { ref: 'e1' }, { target: click! })).isError).toBeFalsy();
    expect(control.clicks).toEqual(['e1']);
  });

  it('is the tab the call names, or the active one, with its URL and title', async () => {
    const control = stubBrowserControl();
    const tools = createBrowserTools(control);
    const example = {
      tab: { tabId: 1, url: 'https://example.com/', title: 'Example', documentId: 'doc-1-0' },
    };
    expect(await tools.target('read_page', {})).toEqual(example);
    await showInbox(control);
    expect(await tools.target('click', { tabId: 1, ref: 'e1' })).toEqual(example);
    expect(await tools.target('screenshot', {})).toEqual({
      tab: {
        tabId: 2,
        url: 'https://mail.example/inbox',
        title: 'https://mail.example/inbox',
        documentId: 'doc-2-0',
      },
    });
    expect(await tools.target('read_page', { tabId: 9 })).toEqual({
      missing: 'There is no tab 9; tabs_list gives the open ones.',
    });
    expect(await tools.target('tabs_list', {})).toBeUndefined();
    expect(await tools.target('tab_open', { url: 'example.org' })).toBeUndefined();
    expect(await tools.target('format_disk', {})).toBeUndefined();
  });

  it.each([
    ['read_page', {}],
    ['snapshot', {}],
    ['find_text', { text: 'x' }],
    ['click', { ref: 'e1' }],
    ['type', { ref: 'e1', text: 'hi' }],
    ['press_key', { key: 'Enter' }],
    ['scroll', { direction: 'down' }],
    ['wait_for', { text: 'x' }],
  ])('runs %s on it, though another tab is active by then', async (name, args) => {
    const { control, ranIn } = recordingControl();
    const tools = createBrowserTools(control);
    const target = await tools.target(name, args);
    await showInbox(control);
    await tools.call(name, args, { target: target! });
    expect(ranIn).toEqual([1]);
  });

  it('resolves it as the call starts when none is given', async () => {
    const { control, ranIn } = recordingControl();
    await showInbox(control);
    await createBrowserTools(control).call('read_page', {});
    expect(ranIn).toEqual([2]);
  });

  it('goes on within its origin', async () => {
    const control = stubBrowserControl();
    const tools = createBrowserTools(control);
    const target = await tools.target('read_page', {});
    (await control.getTab(1))!.url = 'https://example.com/elsewhere?x=1';
    expect(textOf(await tools.call('read_page', {}, { target: target! }))).toContain(
      'Text of tab 1',
    );
  });

  it.each([
    [
      'https://mail.example/inbox',
      /Tab 1 is now on https:\/\/mail\.example, not on https:\/\/example\.com/,
    ],
    ['http://example.com/', /now on http:\/\/example\.com, not on https:\/\/example\.com/],
    ['https://example.com:8443/', /now on https:\/\/example\.com:8443/],
  ])('refuses to act once the tab went to %s', async (url, message) => {
    const { control, ranIn } = recordingControl();
    const tools = createBrowserTools(control);
    for (const [name, args] of [
      ['read_page', {}],
      ['click', { ref: 'e1' }],
      ['navigate', { url: 'example.org' }],
      ['tab_close', { tabId: 1 }],
      ['tab_activate', { tabId: 1 }],
      ['go_back', {}],
    ] as const) {
      const target = await tools.target(name, args);
      const tab = (await control.getTab(1))!;
      const before = tab.url;
      tab.url = url;
      const refused = await tools.call(name, args, { target: target! });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(message);
      expect(textOf(refused)).toMatch(/nothing was done/);
      tab.url = before;
    }
    expect(ranIn).toEqual([]);
    expect(control.clicks).toEqual([]);
    expect((await control.listTabs()).length).toBe(1);
  });

  it('refuses to act on a tab closed since', async () => {
    const control = stubBrowserControl();
    const tools = createBrowserTools(control);
    const target = await tools.target('read_page', {});
    await control.openTab('https://mail.example/inbox', true);
    await control.closeTab(1);
    expect(textOf(await tools.call('read_page', {}, { target: target! }))).toMatch(
      /Tab 1 \(https:\/\/example\.com\/\) was closed/,
    );
  });

  it('hands over nothing read while the tab went to another origin', async () => {
    const control = stubBrowserControl();
    const runInPage = control.runInPage.bind(control);
    control.runInPage = (async (tabId, command) => {
      const answer = await runInPage(tabId, command);
      (await control.getTab(1))!.url = 'https://mail.example/inbox';
      return answer;
    }) as typeof control.runInPage;
    const result = await createBrowserTools(control).call('read_page', {});
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      'Tab 1 left https://example.com while it was read, so nothing read is handed over.',
    );
  });

  it('refuses when there was no tab to pin, though one is active by then', async () => {
    const { control, ranIn } = recordingControl();
    (await control.getTab(1))!.active = false;
    const tools = createBrowserTools(control);
    const target = await tools.target('read_page', {});
    expect(target).toEqual({ missing: 'No tab is active; open one with tab_open.' });
    (await control.getTab(1))!.active = true;
    expect(textOf(await tools.call('read_page', {}, { target: target! }))).toBe(
      'No tab is active; open one with tab_open.',
    );
    expect(ranIn).toEqual([]);
  });

  it('refuses a pin for another tab than the call names', async () => {
    const { control, ranIn } = recordingControl();
    const tools = createBrowserTools(control);
    const target = await tools.target('read_page', {});
    await showInbox(control);
    const refused = await tools.call('read_page', { tabId: 2 }, { target: target! });
    expect(textOf(refused)).toMatch(/Tab 2 is not the tab this call was approved for/);
    expect(ranIn).toEqual([]);
  });

  it('takes no screenshot of another tab shown meanwhile', async () => {
    const control = stubBrowserControl();
    let captured = 0;
    control.captureVisible = async () => {
      captured += 1;
      return 'data:image/png;base64,INBOX';
    };
    const tools = createBrowserTools(control);
    const target = await tools.target('screenshot', {});
    await showInbox(control);
    const refused = await tools.call('screenshot', {}, { target: target! });
    expect(textOf(refused)).toMatch(/Tab 1 is not the visible tab/);
    expect(captured).toBe(0);
  });
});
