/**
 * The side panel: opening it, streaming a long answer into it, and opening long conversations.
 * Timings are taken in the panel's own document (`performance.now()` counts from its navigation)
 * or, per streamed delta, from the renderer's main-thread task time (CDP Performance metrics).
 */
import type { CDPSession, Page } from 'playwright-core';
import type { ScriptedOpenAI } from '../../tests/fixtures/scripted-openai';
import type { BenchBrowser } from '../lib/browser';
import { median, type Row } from '../lib/stats';

/** Resolves, in the page, once `ready` (a function's source) holds, with `performance.now()`. */
function whenReady(page: Page, readySource: string): Promise<number> {
  // A string, evaluated by CDP: the panel's CSP rightly forbids compiling code from strings.
  return page.evaluate(`new Promise((resolve) => {
    const ready = ${readySource};
    if (ready()) return resolve(performance.now());
    const observer = new MutationObserver(() => {
      if (!ready()) return;
      observer.disconnect();
      resolve(performance.now());
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true });
  })`);
}

async function openTimed(browser: BenchBrowser, path: string, readyScript: string) {
  const page = await browser.context.newPage();
  await page.goto(`chrome-extension://${new URL(browser.page.url()).host}/${path}`, {
    waitUntil: 'commit',
  });
  const at = await whenReady(page, readyScript);
  return { page, at };
}

const CHAT_READY = `() => { const box = document.querySelector('textarea[aria-label="Message"]'); return !!box && !box.disabled && !document.querySelector('.panel.muted'); }`;

export async function measurePanelOpen(
  browser: BenchBrowser,
  serverCount: number,
  runs: number,
): Promise<Row[]> {
  const blank: number[] = [];
  const chat: number[] = [];
  const servers: number[] = [];
  for (let run = 0; run < runs + 1; run += 1) {
    const floor = await openTimed(
      browser,
      'manifest.json',
      `() => document.readyState === 'complete'`,
    );
    const loaded = await floor.page.evaluate(
      () =>
        (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
    );
    await floor.page.close();
    const opened = await openTimed(browser, 'sidepanel.html', CHAT_READY);
    await opened.page.close();
    const serversPage = await openTimed(
      browser,
      'sidepanel.html',
      `() => { const tab = [...document.querySelectorAll('[role=tab]')].find((b) => b.textContent === 'Servers'); if (tab && tab.getAttribute('aria-selected') !== 'true') tab.click(); return document.querySelectorAll('li.server').length >= ${serverCount}; }`,
    );
    await serversPage.page.close();
    if (run === 0) continue; // warm-up
    blank.push(Math.max(loaded, floor.at));
    chat.push(opened.at);
    servers.push(serversPage.at);
  }
  const floorRow = { value: median(blank), label: '(an extension page with no script)' };
  return [
    {
      measure: 'open the panel until the chat takes input',
      value: median(chat),
      unit: 'ms',
      floor: floorRow,
    },
    {
      measure: `open the panel until Servers lists ${serverCount} servers`,
      value: median(servers),
      unit: 'ms',
      floor: floorRow,
    },
  ];
}

// ---- streaming -------------------------------------------------------------------------------

const DELTAS = 1000;
const DELTA_CHARS = 50;

/** `DELTAS` pieces of Markdown of equal length, each ending in a word no other piece has. */
function markdownDeltas(): { deltas: string[]; marker(index: number): string } {
  const marker = (index: number) => `m${index.toString().padStart(4, '0')}x`;
  const shapes = [
    (words: string) => `${words} `,
    (words: string) => `\n\n## ${words} `,
    (words: string) => `\n\n- ${words} `,
    (words: string) => `\n\n\`\`\`ts\nconst ${words.replace(/ /g, '_')} = 1;\n\`\`\`\n\n`,
    (words: string) => `**${words}** `,
    (words: string) => `\n\n| a | ${words} |\n| - | - |\n| 1 | 2 |\n\n`,
  ];
  const deltas: string[] = [];
  for (let index = 0; index < DELTAS; index += 1) {
    const shape = shapes[index % 7 === 3 ? 3 : index % 11 === 5 ? 5 : index % 5]!;
    // The marker sits inside the shape's text, so it is rendered visibly whatever the shape;
    // filler words in front make every piece the same length.
    const piece = shape(`lorem ipsum ${marker(index)}`);
    const pad = DELTA_CHARS - piece.length;
    if (pad < 0) throw new Error(`a delta is longer than ${DELTA_CHARS}: ${piece}`);
    deltas.push(`${pad === 0 ? '' : pad === 1 ? ' ' : `${'w'.repeat(pad - 1)} `}${piece}`);
  }
  return { deltas, marker };
}

async function taskSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0;
}

/**
 * Early and late deltas are measured at different moments of one answer, so drift on the machine
 * in between would read as growth: the answer is streamed `repeats` times, and the run with the
 * median ratio is reported.
 */
export async function measureStreaming(
  browser: BenchBrowser,
  model: ScriptedOpenAI,
  repeats: number,
): Promise<Row> {
  const samples: { early: number; late: number }[] = [];
  for (let run = 0; run < repeats; run += 1) samples.push(await streamOnce(browser, model));
  samples.sort((a, b) => a.late / a.early - b.late / b.early);
  const { early, late } = samples[Math.floor(samples.length / 2)]!;
  return {
    measure: `stream ${Math.round((DELTAS * DELTA_CHARS) / 1000)} KB of Markdown in ${DELTAS} deltas: a late delta`,
    value: late,
    unit: 'ms',
    floor: { value: early, label: '(an early delta, same answer)' },
    goal: 2,
    note: `main-thread time per delta from the renderer (CDP TaskDuration), deltas 900-999 against 50-149; the median of ${repeats} answers`,
  };
}

async function streamOnce(
  browser: BenchBrowser,
  model: ScriptedOpenAI,
): Promise<{ early: number; late: number }> {
  const { deltas, marker } = markdownDeltas();
  const gates: (() => void)[] = [];
  const waiting = new Map<number, () => void>();
  const released = (index: number) =>
    new Promise<void>((resolve) => {
      if (gates[index]) return resolve();
      waiting.set(index, resolve);
    });
  const release = (index: number) => {
    gates[index] = () => undefined;
    waiting.get(index)?.();
  };
  model.script({ type: 'text', text: deltas.join(''), chunks: DELTAS, pace: released });

  const page = await browser.context.newPage();
  await page.goto(browser.page.url().replace('manifest.json', 'sidepanel.html'));
  await page.getByRole('button', { name: 'New chat', exact: true }).click();
  const cdp = await browser.context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.getByRole('textbox', { name: 'Message' }).fill('Write a long answer.');
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');

  const costs: number[] = [];
  for (let index = 0; index < DELTAS; index += 1) {
    // Watches only what changes, so waiting costs the same for the first delta as the last.
    await page.evaluate((token) => {
      (globalThis as unknown as { shown: Promise<void> }).shown = new Promise<void>((resolve) => {
        const observer = new MutationObserver((records) => {
          for (const record of records) {
            const nodes =
              record.type === 'characterData' ? [record.target] : [...record.addedNodes];
            if (nodes.some((node) => (node.textContent ?? '').includes(token))) {
              observer.disconnect();
              return resolve();
            }
          }
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      });
    }, marker(index));
    const before = await taskSeconds(cdp);
    release(index);
    await page.evaluate(() => (globalThis as unknown as { shown: Promise<void> }).shown);
    costs.push((await taskSeconds(cdp)) - before);
  }
  await page.close();
  return {
    early: median(costs.slice(50, 150)) * 1000,
    late: median(costs.slice(-100)) * 1000,
  };
}

// ---- long conversations ----------------------------------------------------------------------

interface StoredConversation {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  messages: unknown[];
}

function conversation(id: string, messageCount: number, toolCards: number): StoredConversation {
  const messages: unknown[] = [];
  let cards = 0;
  for (let index = 0; index < messageCount; index += 1) {
    if (index % 2 === 0) {
      messages.push({
        id: `${id}-u${index}`,
        role: 'user',
        parts: [
          {
            type: 'text',
            text: `Question ${index}: what does the server say about item ${index}?`,
          },
        ],
      });
      continue;
    }
    const parts: unknown[] = [];
    if (cards < toolCards && (index * toolCards) / messageCount >= cards) {
      cards += 1;
      parts.push({
        type: 'dynamic-tool',
        toolName: 'bench__echo',
        toolCallId: `${id}-call${index}`,
        state: 'output-available',
        input: { text: `item ${index}` },
        output: {
          serverId: 'bench',
          toolName: 'echo',
          result: { content: [{ type: 'text', text: `Item ${index} is fine. `.repeat(8) }] },
          durationMs: 12,
        },
      });
    }
    parts.push({
      type: 'text',
      text: `Answer ${index}: **item ${index}** is fine.\n\n- first point about it\n- second point, with \`code\`\n\nA closing paragraph of moderate length that wraps over a couple of lines in the panel. end-${id}-${index}`,
    });
    messages.push({ id: `${id}-a${index}`, role: 'assistant', parts });
  }
  return { id, title: `${messageCount} messages`, createdAt: 1, updatedAt: 1, messages };
}

/**
 * Writes a conversation into the panel's database (layout 3: `summaries`, and a `messages` and a
 * `texts` record per message; see src/chat/history-db.ts), as the most recent one.
 */
async function putConversation(browser: BenchBrowser, value: StoredConversation) {
  await browser.page.evaluate(
    (stored) =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open('patchbay', 3);
        request.onupgradeneeded = () => {
          const db = request.result;
          if (!db.objectStoreNames.contains('summaries'))
            db.createObjectStore('summaries', { keyPath: 'id' }).createIndex(
              'updatedAt',
              'updatedAt',
            );
          if (!db.objectStoreNames.contains('messages'))
            db.createObjectStore('messages', { keyPath: ['conversationId', 'id'] }).createIndex(
              'order',
              ['conversationId', 'seq'],
            );
          if (!db.objectStoreNames.contains('texts'))
            db.createObjectStore('texts', { keyPath: ['conversationId', 'id'] });
        };
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const transaction = db.transaction(['summaries', 'messages', 'texts'], 'readwrite');
          const updatedAt = Date.now();
          transaction.objectStore('summaries').put({
            id: stored.id,
            title: stored.title,
            createdAt: stored.createdAt,
            updatedAt,
          });
          stored.messages.forEach((message, seq) => {
            const { id, parts } = message as {
              id: string;
              parts: { type: string; text?: string }[];
            };
            transaction
              .objectStore('messages')
              .put({ conversationId: stored.id, id, seq, state: 'complete', message });
            const text = parts
              .map((part) => (part.type === 'text' ? (part.text ?? '') : ''))
              .join(' ');
            transaction
              .objectStore('texts')
              .put({ conversationId: stored.id, id, seq, text: text.trim() });
          });
          transaction.oncomplete = () => {
            db.close();
            resolve();
          };
          transaction.onerror = () => reject(transaction.error);
        };
      }),
    value,
  );
}

async function openConversation(browser: BenchBrowser, stored: StoredConversation) {
  await putConversation(browser, stored);
  const lastIndex = stored.messages.length - 1;
  const { page, at } = await openTimed(
    browser,
    'sidepanel.html',
    `() => (document.querySelector('.messages')?.textContent ?? '').includes('end-${stored.id}-${lastIndex}')`,
  );
  const visible = await page.evaluate(
    () =>
      [...document.querySelectorAll('.messages > .message')].filter((row) => {
        const rect = row.getBoundingClientRect();
        return rect.bottom > 0 && rect.top < innerHeight && rect.height > 0;
      }).length,
  );
  const cdp = await browser.context.newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  await page.close();
  return { ms: at, visible: Math.max(1, visible), heap: usedSize };
}

export async function measureTranscript(browser: BenchBrowser, runs: number): Promise<Row[]> {
  const short = conversation('short', 10, 4);
  const long = conversation('long', 500, 200);
  const shorts: { ms: number; visible: number; heap: number }[] = [];
  const longs: typeof shorts = [];
  for (let run = 0; run < runs + 1; run += 1) {
    const a = await openConversation(browser, short);
    const b = await openConversation(browser, long);
    if (run === 0) continue;
    shorts.push(a);
    longs.push(b);
  }
  const perVisible = (samples: typeof shorts) =>
    median(samples.map((sample) => sample.ms / sample.visible));
  return [
    {
      measure: 'open a 500-message conversation (200 tool cards), per visible message',
      value: perVisible(longs),
      unit: 'ms',
      floor: { value: perVisible(shorts), label: '(a 10-message one)' },
      goal: 2,
      note: `whole open: ${median(longs.map((s) => s.ms)).toFixed(0)} ms against ${median(shorts.map((s) => s.ms)).toFixed(0)} ms`,
    },
    {
      measure: 'panel heap with the 500-message conversation open',
      value: median(longs.map((sample) => sample.heap)) / 2 ** 20,
      unit: 'MB',
      floor: {
        value: median(shorts.map((sample) => sample.heap)) / 2 ** 20,
        label: '(with the 10-message one)',
      },
    },
  ];
}
