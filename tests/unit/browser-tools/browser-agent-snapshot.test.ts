// @vitest-environment jsdom
/** The browser agent's `snapshot` and `find`: what it lists, how it names it, and its refs. */
import { afterEach, describe, expect, it } from 'vitest';
import { createBrowserAgent } from '../../../src/browser-tools/page-agent/agent';
import type { BrowserAgentResponse } from '../../../src/browser-tools/page-agent/commands';

function succeeded<R extends BrowserAgentResponse>(response: R): Extract<R, { ok: true }> {
  if (!response.ok) throw new Error(`Expected success, got ${JSON.stringify(response)}`);
  return response as Extract<R, { ok: true }>;
}

afterEach(() => {
  document.body.innerHTML = '';
});

const FORM = `
  <h1>Sign in</h1>
  <a href="/help">Help</a>
  <form>
    <label for="email">Email address</label>
    <input id="email" type="email" value="ada@example.com">
    <label>Password <input id="password" type="password" value="hunter2-secret"></label>
    <input id="search" type="search" placeholder="Search the docs">
    <span id="code-label">One-time code</span><input aria-labelledby="code-label" value="123">
    <label><input type="checkbox" checked> Remember me</label>
    <select aria-label="Language"><option>English</option><option selected>French</option></select>
    <textarea aria-label="Notes">Some notes</textarea>
    <input type="hidden" name="token" value="hidden-token">
    <button type="submit" disabled>Continue</button>
  </form>
  <div role="tablist">
    <div role="tab" aria-selected="true">Overview</div>
    <div role="tab" aria-selected="false">Details</div>
  </div>
  <div contenteditable="true"><p>Draft <b>text</b></p></div>
  <h3 role="heading">Footer</h3>
  <button aria-label="Close dialog"><svg aria-hidden="true"><text>x</text></svg></button>
  <button style="display:none">Gone</button>
  <button hidden>Hidden attribute</button>
  <div aria-hidden="true"><button>Behind a modal</button></div>
  <button style="visibility:hidden">Invisible</button>
  <a>Not a link without href</a>`;

describe('snapshot', () => {
  it('lists visible interactive elements and headings, in document order, named', async () => {
    document.body.innerHTML = FORM;
    const agent = createBrowserAgent(window);
    const snapshot = succeeded(await agent.run({ type: 'snapshot', maxElements: 100 }));
    const withoutRefs = snapshot.elements.map(({ ref: _ref, ...element }) => element);
    expect(withoutRefs).toEqual([
      { role: 'heading', name: 'Sign in', level: 1 },
      { role: 'link', name: 'Help', href: 'http://localhost:3000/help' },
      { role: 'textbox', name: 'Email address', inputType: 'email', value: 'ada@example.com' },
      { role: 'textbox', name: 'Password', inputType: 'password' },
      { role: 'searchbox', name: 'Search the docs', inputType: 'search', value: '' },
      { role: 'textbox', name: 'One-time code', inputType: 'text', value: '123' },
      { role: 'checkbox', name: 'Remember me', inputType: 'checkbox', checked: true },
      { role: 'combobox', name: 'Language', value: 'French' },
      { role: 'textbox', name: 'Notes', value: 'Some notes' },
      { role: 'button', name: 'Continue', disabled: true },
      { role: 'tab', name: 'Overview', selected: true },
      { role: 'tab', name: 'Details', selected: false },
      { role: 'textbox', name: '', value: 'Draft text' },
      { role: 'heading', name: 'Footer', level: 3 },
      { role: 'button', name: 'Close dialog' },
    ]);
    expect(snapshot.total).toBe(15);
    expect(snapshot.nextOffset).toBeUndefined();
    expect(new Set(snapshot.elements.map((element) => element.ref)).size).toBe(15);
  });

  it('never reports what a password field holds', async () => {
    document.body.innerHTML = FORM;
    (document.getElementById('password') as HTMLInputElement).value = 'typed-later-secret';
    const agent = createBrowserAgent(window);
    const snapshot = await agent.run({ type: 'snapshot', maxElements: 100 });
    expect(JSON.stringify(snapshot)).not.toMatch(/secret/);
  });

  it('keeps an element’s ref across snapshots and writes nothing into the page', async () => {
    document.body.innerHTML = '<button>One</button><button>Two</button>';
    const before = document.body.innerHTML;
    const agent = createBrowserAgent(window);
    const first = succeeded(await agent.run({ type: 'snapshot', maxElements: 10 }));
    document.body.insertAdjacentHTML('afterbegin', '<button>Zero</button>');
    const second = succeeded(await agent.run({ type: 'snapshot', maxElements: 10 }));
    expect(second.elements.map((element) => element.name)).toEqual(['Zero', 'One', 'Two']);
    expect(second.elements.slice(1).map((element) => element.ref)).toEqual(
      first.elements.map((element) => element.ref),
    );
    expect(second.elements[0]!.ref).not.toBe(first.elements[0]!.ref);
    expect(document.body.innerHTML).toBe(`<button>Zero</button>${before}`);
  });

  it('pages through long lists with offset and nextOffset', async () => {
    document.body.innerHTML = Array.from(
      { length: 5 },
      (_, index) => `<button>B${index}</button>`,
    ).join('');
    const agent = createBrowserAgent(window);
    const first = succeeded(await agent.run({ type: 'snapshot', maxElements: 2 }));
    expect(first.elements.map((element) => element.name)).toEqual(['B0', 'B1']);
    expect(first).toMatchObject({ total: 5, offset: 0, nextOffset: 2 });
    const last = succeeded(await agent.run({ type: 'snapshot', maxElements: 2, offset: 4 }));
    expect(last.elements.map((element) => element.name)).toEqual(['B4']);
    expect(last.nextOffset).toBeUndefined();
  });

  it('leaves out what a closed details element folds away', async () => {
    document.body.innerHTML =
      '<details><summary>More options</summary><button>Delete account</button></details>';
    const agent = createBrowserAgent(window);
    const closed = succeeded(await agent.run({ type: 'snapshot', maxElements: 10 }));
    expect(closed.elements).toMatchObject([
      { role: 'button', name: 'More options', expanded: false },
    ]);
    const hiddenText = succeeded(await agent.run({ type: 'find', text: 'Delete', maxResults: 1 }));
    expect(hiddenText.total).toBe(0);

    document.querySelector('details')!.open = true;
    const open = succeeded(await agent.run({ type: 'snapshot', maxElements: 10 }));
    expect(open.elements.map((element) => element.name)).toEqual([
      'More options',
      'Delete account',
    ]);
    expect(open.elements[0]!.expanded).toBe(true);
  });

  it('sees into open shadow roots, with slotted content', async () => {
    const host = document.createElement('fancy-button');
    host.attachShadow({ mode: 'open' }).innerHTML = '<button><slot></slot></button>';
    host.textContent = 'Shadow save';
    document.body.append(host);
    const agent = createBrowserAgent(window);
    const snapshot = succeeded(await agent.run({ type: 'snapshot', maxElements: 10 }));
    expect(snapshot.elements).toMatchObject([{ role: 'button', name: 'Shadow save' }]);
  });
});

describe('find', () => {
  it('finds visible text case-insensitively, with context and a ref to click', async () => {
    document.body.innerHTML = `
      <p>Prices include <em>VAT</em> in the United Kingdom.</p>
      <button>Add to <span>basket</span></button>
      <p hidden>Add to basket (hidden)</p>`;
    let clicks = 0;
    document.querySelector('button')!.addEventListener('click', () => clicks++);
    const agent = createBrowserAgent(window);

    const found = succeeded(
      await agent.run({ type: 'find', text: 'ADD TO BASKET', maxResults: 5 }),
    );
    expect(found.total).toBe(1);
    expect(found.matches[0]!.text).toContain('Add to basket');
    const clicked = succeeded(await agent.run({ type: 'click', ref: found.matches[0]!.ref }));
    expect(clicked.description).toBe('button "Add to basket"');
    expect(clicks).toBe(1);

    const vat = succeeded(await agent.run({ type: 'find', text: 'vat in the', maxResults: 5 }));
    expect(vat.matches).toHaveLength(1);
    expect(vat.matches[0]!.text).toBe('Prices include VAT in the United Kingdom. Add to basket');
  });

  it('counts every match but returns at most maxResults', async () => {
    document.body.innerHTML = '<p>cat</p><p>cat</p><p>Cat</p>';
    const agent = createBrowserAgent(window);
    const found = succeeded(await agent.run({ type: 'find', text: 'cat', maxResults: 2 }));
    expect(found.total).toBe(3);
    expect(found.matches).toHaveLength(2);
    expect(found.matches[0]!.ref).not.toBe(found.matches[1]!.ref);
  });

  it('refuses empty text', async () => {
    const agent = createBrowserAgent(window);
    await expect(agent.run({ type: 'find', text: '  ', maxResults: 2 })).resolves.toMatchObject({
      ok: false,
      code: 'invalid',
    });
  });
});
