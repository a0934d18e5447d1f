// @vitest-environment jsdom
/** The browser agent's actions (click, type, press, scroll) and its waits, on jsdom pages. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBrowserAgent } from '../../../src/browser-tools/page-agent/agent';
import type {
  BrowserAgent,
  BrowserAgentResponse,
} from '../../../src/browser-tools/page-agent/commands';

function succeeded<R extends BrowserAgentResponse>(response: R): Extract<R, { ok: true }> {
  if (!response.ok) throw new Error(`Expected success, got ${JSON.stringify(response)}`);
  return response as Extract<R, { ok: true }>;
}

/** The page's elements by accessible name, with their refs, from a snapshot. */
async function refsByName(agent: BrowserAgent): Promise<Record<string, string>> {
  const snapshot = succeeded(await agent.run({ type: 'snapshot', maxElements: 100 }));
  return Object.fromEntries(snapshot.elements.map((element) => [element.name, element.ref]));
}

afterEach(() => {
  document.body.innerHTML = '';
  window.scrollY = 0;
  vi.restoreAllMocks();
});

describe('click', () => {
  it('runs a button’s click handler exactly once, after a press and release', async () => {
    document.body.innerHTML = '<button>Save</button>';
    const button = document.querySelector('button')!;
    const seen: string[] = [];
    for (const type of ['mousedown', 'mouseup', 'click']) {
      button.addEventListener(type, () => seen.push(type));
    }
    button.onclick = () => seen.push('onclick');
    const agent = createBrowserAgent(window);
    const { Save } = await refsByName(agent);
    const clicked = succeeded(await agent.run({ type: 'click', ref: Save! }));
    expect(clicked).toEqual({
      ok: true,
      ref: Save,
      description: 'button "Save"',
      summary: 'Clicked button "Save".',
    });
    expect(seen).toEqual(['mousedown', 'mouseup', 'click', 'onclick']);
    expect(document.activeElement).toBe(button);
  });

  it('follows a link and ticks a checkbox once each', async () => {
    document.body.innerHTML = `
      <a href="#chapter-2">Chapter 2</a>
      <label><input type="checkbox"> Agree</label>`;
    const agent = createBrowserAgent(window);
    const refs = await refsByName(agent);
    // jsdom does not navigate: what the browser acts on is one uncancelled click on the link.
    const linkClicks: boolean[] = [];
    document.addEventListener('click', (event) => {
      if (event.target === document.querySelector('a')) linkClicks.push(event.defaultPrevented);
    });
    succeeded(await agent.run({ type: 'click', ref: refs['Chapter 2']! }));
    expect(linkClicks).toEqual([false]);
    succeeded(await agent.run({ type: 'click', ref: refs.Agree! }));
    expect(document.querySelector('input')!.checked).toBe(true);
  });

  it('refuses a disabled button, a hidden one, a stale ref and an unknown one', async () => {
    document.body.innerHTML = '<button disabled>Pay</button><button>Menu item</button><p>x</p>';
    let paid = false;
    document.querySelector('button')!.addEventListener('click', () => (paid = true));
    const agent = createBrowserAgent(window);
    const refs = await refsByName(agent);

    await expect(agent.run({ type: 'click', ref: refs.Pay! })).resolves.toMatchObject({
      ok: false,
      code: 'disabled',
    });
    expect(paid).toBe(false);

    const menuItem = document.querySelectorAll('button')[1]!;
    menuItem.style.display = 'none';
    await expect(agent.run({ type: 'click', ref: refs['Menu item']! })).resolves.toMatchObject({
      ok: false,
      code: 'not-visible',
    });

    menuItem.remove();
    await expect(agent.run({ type: 'click', ref: refs['Menu item']! })).resolves.toEqual({
      ok: false,
      code: 'stale-ref',
      message: `Element ${refs['Menu item']} is no longer on the page; take a new snapshot.`,
    });
    await expect(agent.run({ type: 'click', ref: 'e999' })).resolves.toMatchObject({
      ok: false,
      code: 'not-found',
    });
  });
});

describe('type', () => {
  it('sets a React-style controlled input through the native setter', async () => {
    document.body.innerHTML = '<input aria-label="Name" value="Ada">';
    const input = document.querySelector('input')!;
    // As React does: an own `value` property on the element remembers the last value it set.
    const native = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!;
    let trackedValue = input.value;
    Object.defineProperty(input, 'value', {
      configurable: true,
      get: () => native.get!.call(input),
      set: (value: string) => {
        trackedValue = value;
        native.set!.call(input, value);
      },
    });
    const changes: string[] = [];
    input.addEventListener('input', () => {
      // React's check: a change is a value that differs from the one it remembered.
      if (input.value !== trackedValue) changes.push(input.value);
    });
    let changeEvents = 0;
    input.addEventListener('change', () => changeEvents++);
    const agent = createBrowserAgent(window);
    const { Name } = await refsByName(agent);

    const typed = succeeded(
      await agent.run({ type: 'type', ref: Name!, text: ' Lovelace', clear: false, submit: false }),
    );
    expect(changes).toEqual(['Ada Lovelace']);
    expect(changeEvents).toBe(1);
    expect(typed).toMatchObject({ value: 'Ada Lovelace', submitted: false });
    expect(document.activeElement).toBe(input);

    succeeded(
      await agent.run({ type: 'type', ref: Name!, text: 'Grace', clear: true, submit: false }),
    );
    expect(changes).toEqual(['Ada Lovelace', 'Grace']);
  });

  it('submits the form once, and never reports a password', async () => {
    document.body.innerHTML = `
      <form><input type="password" aria-label="Password"><button>Sign in</button></form>`;
    const submits = vi.fn((event: Event) => event.preventDefault());
    document.querySelector('form')!.addEventListener('submit', submits);
    const agent = createBrowserAgent(window);
    const { Password } = await refsByName(agent);
    const typed = succeeded(
      await agent.run({
        type: 'type',
        ref: Password!,
        text: 'open sesame',
        clear: true,
        submit: true,
      }),
    );
    expect(submits).toHaveBeenCalledTimes(1);
    expect(typed).toEqual({
      ok: true,
      ref: Password,
      description: 'textbox "Password"',
      submitted: true,
      submittedBy: 'form',
      summary: 'Typed into textbox "Password". Submitted the form.',
    });
    expect(document.querySelector('input')!.value).toBe('open sesame');
  });

  it('presses Enter to submit where there is no form', async () => {
    document.body.innerHTML = '<textarea aria-label="Message"></textarea>';
    const keys: string[] = [];
    document
      .querySelector('textarea')!
      .addEventListener('keydown', (event) => keys.push(event.key));
    const agent = createBrowserAgent(window);
    const { Message } = await refsByName(agent);
    const typed = succeeded(
      await agent.run({ type: 'type', ref: Message!, text: 'Hello', clear: false, submit: true }),
    );
    expect(typed.submittedBy).toBe('enter-key');
    expect(keys).toEqual(['Enter']);
  });

  it('types into a contenteditable region', async () => {
    document.body.innerHTML = '<div contenteditable="true" aria-label="Editor">Hello</div>';
    const inputs: string[] = [];
    document.querySelector('div')!.addEventListener('input', (event) => {
      inputs.push((event as InputEvent).data ?? '');
    });
    const agent = createBrowserAgent(window);
    const { Editor } = await refsByName(agent);
    const typed = succeeded(
      await agent.run({ type: 'type', ref: Editor!, text: ', world', clear: false, submit: false }),
    );
    expect(document.querySelector('div')!.textContent).toBe('Hello, world');
    expect(inputs).toEqual([', world']);
    expect(typed.value).toBe('Hello, world');
  });

  it('chooses a select’s option by its label', async () => {
    document.body.innerHTML = `
      <select aria-label="Size"><option value="s">Small</option><option value="l">Large</option></select>`;
    const changes = vi.fn();
    document.querySelector('select')!.addEventListener('change', changes);
    const agent = createBrowserAgent(window);
    const { Size } = await refsByName(agent);
    const typed = succeeded(
      await agent.run({ type: 'type', ref: Size!, text: ' large ', clear: false, submit: false }),
    );
    expect(document.querySelector('select')!.value).toBe('l');
    expect(changes).toHaveBeenCalledTimes(1);
    expect(typed.value).toBe('Large');
    await expect(
      agent.run({ type: 'type', ref: Size!, text: 'Huge', clear: false, submit: false }),
    ).resolves.toEqual({
      ok: false,
      code: 'not-found',
      message: `Element ${Size} has no option "Huge" to choose; its options: "Small", "Large".`,
    });
  });

  it.each([
    ['a button', 'Go'],
    ['a read-only field', 'Fixed'],
    ['a disabled field', 'Off'],
  ])('refuses to type into %s', async (_kind, name) => {
    document.body.innerHTML = `
      <button>Go</button><input aria-label="Fixed" readonly><input aria-label="Off" disabled>`;
    const agent = createBrowserAgent(window);
    const refs = await refsByName(agent);
    expect(refs[name]).toMatch(/^e\d+$/);
    await expect(
      agent.run({ type: 'type', ref: refs[name]!, text: 'x', clear: false, submit: false }),
    ).resolves.toMatchObject({ ok: false, code: 'not-editable' });
  });
});

describe('press', () => {
  it('sends key events and submits a field’s form on Enter', async () => {
    document.body.innerHTML = '<form><input aria-label="Query"></form>';
    const input = document.querySelector('input')!;
    const events: string[] = [];
    for (const type of ['keydown', 'keypress', 'keyup']) {
      input.addEventListener(type, (event) => {
        const key = event as KeyboardEvent;
        events.push(`${type}:${key.key}:${key.keyCode}:${String(key.isTrusted)}`);
      });
    }
    const submits = vi.fn((event: Event) => event.preventDefault());
    document.querySelector('form')!.addEventListener('submit', submits);
    const agent = createBrowserAgent(window);
    const { Query } = await refsByName(agent);
    const pressed = succeeded(await agent.run({ type: 'press', key: 'Enter', ref: Query! }));
    expect(events).toEqual([
      'keydown:Enter:13:false',
      'keypress:Enter:13:false',
      'keyup:Enter:13:false',
    ]);
    expect(submits).toHaveBeenCalledTimes(1);
    expect(pressed).toMatchObject({
      ref: Query,
      defaultPrevented: false,
      effect: 'Submitted the form.',
    });
  });

  it('does nothing of its own when the page cancels the key', async () => {
    document.body.innerHTML = '<form><input aria-label="Query"></form>';
    document.querySelector('input')!.addEventListener('keydown', (event) => event.preventDefault());
    const submits = vi.fn();
    document.querySelector('form')!.addEventListener('submit', submits);
    const agent = createBrowserAgent(window);
    const { Query } = await refsByName(agent);
    const pressed = succeeded(await agent.run({ type: 'press', key: 'Enter', ref: Query! }));
    expect(pressed.defaultPrevented).toBe(true);
    expect(pressed.effect).toBeUndefined();
    expect(submits).not.toHaveBeenCalled();
  });

  it('moves focus with Tab and Shift+Tab, from the focused element', async () => {
    document.body.innerHTML = `
      <input aria-label="First"><button disabled>Skipped</button><a href="#x">Second</a>
      <button>Third</button>`;
    const agent = createBrowserAgent(window);
    document.querySelector('input')!.focus();
    const forward = succeeded(await agent.run({ type: 'press', key: 'Tab' }));
    expect(document.activeElement).toBe(document.querySelector('a'));
    expect(forward.effect).toMatch(/^Moved focus to link "Second" \(e\d+\)\.$/);
    succeeded(await agent.run({ type: 'press', key: 'Tab' }));
    expect(document.activeElement?.textContent).toBe('Third');
    succeeded(await agent.run({ type: 'press', key: 'Shift+Tab' }));
    succeeded(await agent.run({ type: 'press', key: 'shift+tab' }));
    expect(document.activeElement).toBe(document.querySelector('input'));
  });

  it('types a character into the focused field at its caret', async () => {
    document.body.innerHTML = '<input aria-label="Word" value="ct">';
    const input = document.querySelector('input')!;
    input.focus();
    input.setSelectionRange(1, 1);
    const agent = createBrowserAgent(window);
    const pressed = succeeded(await agent.run({ type: 'press', key: 'a' }));
    expect(input.value).toBe('cat');
    expect(pressed.effect).toBe('Typed "a".');
  });

  it('refuses something that is not a key', async () => {
    const agent = createBrowserAgent(window);
    await expect(agent.run({ type: 'press', key: 'Hyper Jump!' })).resolves.toMatchObject({
      ok: false,
      code: 'invalid',
    });
  });
});

describe('scroll', () => {
  it('scrolls the window by about a viewport, and reports where it is', async () => {
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(((
      options: ScrollToOptions,
    ) => {
      window.scrollY += options.top ?? 0;
    }) as typeof window.scrollBy);
    const agent = createBrowserAgent(window);
    const scrolled = succeeded(await agent.run({ type: 'scroll', direction: 'down' }));
    const step = Math.round(window.innerHeight * 0.9);
    expect(scrollBy).toHaveBeenCalledWith({ top: step, left: 0, behavior: 'instant' });
    expect(scrolled).toMatchObject({
      scrollY: step,
      moved: true,
      viewportHeight: window.innerHeight,
    });
  });

  it('scrolls inside an element, or brings one into view', async () => {
    document.body.innerHTML = `
      <div style="overflow: auto"><p>Long list</p><button>Result 1</button></div>`;
    const box = document.querySelector('div')!;
    Object.defineProperty(box, 'clientHeight', { value: 200 });
    Object.defineProperty(box, 'scrollHeight', { value: 1000 });
    const agent = createBrowserAgent(window);
    const found = succeeded(await agent.run({ type: 'find', text: 'Long list', maxResults: 1 }));
    const { 'Result 1': Results } = await refsByName(agent);
    // The paragraph does not scroll; the container holding it does, by a step of its viewport.
    const half = { type: 'scroll', ref: found.matches[0]!.ref, direction: 'down' } as const;
    const inside = succeeded(await agent.run({ ...half, amount: 'half' }));
    expect(inside).toMatchObject({ scrollY: 100, moved: true });
    expect(inside.ref).not.toBe(found.matches[0]!.ref);
    expect(box.scrollTop).toBe(100);
    succeeded(await agent.run(half));
    expect(box.scrollTop).toBe(280);
    // To the end: a step of the whole length (a browser stops at the edge; jsdom does not).
    succeeded(await agent.run({ ...half, amount: 'end' }));
    expect(box.scrollTop).toBe(280 + 1000);

    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    succeeded(await agent.run({ type: 'scroll', ref: Results! }));
    expect(scrollIntoView).toHaveBeenCalledWith({
      block: 'center',
      inline: 'nearest',
      behavior: 'instant',
    });
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });
});

describe('wait', () => {
  it('resolves when a matching element appears, with its ref', async () => {
    const agent = createBrowserAgent(window);
    const waiting = agent.run({ type: 'wait', selector: '.toast', timeoutMs: 2000 });
    setTimeout(() => document.body.insertAdjacentHTML('beforeend', '<p class="toast">Saved</p>'));
    const waited = succeeded(await waiting);
    expect(waited.ref).toMatch(/^e\d+$/);
    expect(waited.waitedMs).toBeGreaterThanOrEqual(0);
  });

  it('waits for a hidden element to be shown', async () => {
    document.body.innerHTML = '<div class="dialog" hidden>Confirm</div>';
    const agent = createBrowserAgent(window);
    const waiting = agent.run({ type: 'wait', selector: '.dialog', timeoutMs: 2000 });
    setTimeout(() => document.querySelector('.dialog')!.removeAttribute('hidden'));
    expect((await waiting).ok).toBe(true);
  });

  it('resolves when text appears', async () => {
    const agent = createBrowserAgent(window);
    const waiting = agent.run({ type: 'wait', text: 'order confirmed', timeoutMs: 2000 });
    setTimeout(() =>
      document.body.insertAdjacentHTML('beforeend', '<p>Order <b>confirmed</b></p>'),
    );
    expect(succeeded(await waiting).ref).toMatch(/^e\d+$/);
  });

  it('times out when nothing appears', async () => {
    const agent = createBrowserAgent(window);
    await expect(
      agent.run({ type: 'wait', selector: '.never', timeoutMs: 50 }),
    ).resolves.toMatchObject({
      ok: false,
      code: 'timeout',
    });
    await expect(agent.run({ type: 'wait', text: 'never', timeoutMs: 50 })).resolves.toMatchObject({
      ok: false,
      code: 'timeout',
    });
  });

  it('refuses a bad selector, and both or neither of selector and text', async () => {
    const agent = createBrowserAgent(window);
    const run = agent.run as (command: unknown) => Promise<BrowserAgentResponse>;
    await expect(run({ type: 'wait', selector: 'div[', timeoutMs: 50 })).resolves.toMatchObject({
      ok: false,
      code: 'invalid',
    });
    await expect(
      run({ type: 'wait', selector: 'p', text: 'x', timeoutMs: 50 }),
    ).resolves.toMatchObject({
      code: 'invalid',
    });
    await expect(run({ type: 'wait', timeoutMs: 50 })).resolves.toMatchObject({ code: 'invalid' });
  });
});
