/**
 * `npm run bench -- tools`: what each request to the model carries as more tools are switched
 * on. Real v2 MCP servers on loopback (tests/fixtures/domain-tools-server.ts), the MCP manager
 * behind the real router and client, the chat transport as the side panel wires it, and the
 * scripted OpenAI-format model, which searches (when there is a search), calls the weather
 * forecast it found, and answers. Per request: the tool definitions it carries and its size.
 */
import { startDomainServers } from '../../tests/fixtures/domain-tools-server';
import { startScriptedOpenAI, type ScriptedTurn } from '../../tests/fixtures/scripted-openai';
import {
  collect,
  runCleanups,
  send,
  startBackground,
  transportFor,
  userMessage,
} from '../../tests/helpers/chat-harness';
import { setReadOnlyWithoutAsking } from '../../src/policy/grants';
import { buildProxyTools } from '../../src/model-tools/proxy-tools';
import { TOOL_SEARCH_NAME } from '../../src/tool-search/search-tool';

/** Switched-on tools measured: servers × tools each. */
const SIZES = [
  { servers: 4, each: 10 },
  { servers: 4, each: 100 },
  { servers: 12, each: 100 },
];

export interface RequestSize {
  tools: number;
  /** The model request's number in the turn (1 = the question). */
  request: number;
  /** What the model did with it. */
  step: string;
  definitions: number;
  bytes: number;
}

export interface ToolSearchRun {
  requests: RequestSize[];
  /** The size of every tool's definition together, as Chat Completions would carry them. */
  allDefinitions: { tools: number; bytes: number }[];
}

/** One question per size: search (past the budget), the forecast, the answer. */
export async function measureToolSearch(): Promise<ToolSearchRun> {
  const requests: RequestSize[] = [];
  const allDefinitions: ToolSearchRun['allDefinitions'] = [];
  for (const size of SIZES) {
    const servers = await startDomainServers(size.servers, size.each);
    const model = await startScriptedOpenAI();
    try {
      const { harness, client } = startBackground();
      let weatherId = '';
      for (const server of servers) {
        const added = await harness.manager.addServer({ name: server.name, url: server.mcpUrl });
        await harness.manager.enable(added.id);
        if (server.name === 'Weather') weatherId = added.id;
      }
      const { tools: views } = await client.request('mcp/tools/list');
      const forecast = `${weatherId}__get_forecast`;
      const turns: ScriptedTurn[] = [
        { type: 'tool-call', toolName: forecast, input: { id: 'Oslo' } },
        { type: 'text', text: 'Sunny in Oslo.' },
      ];
      const searching = views.length > 128;
      if (searching)
        turns.unshift({
          type: 'tool-call',
          toolName: TOOL_SEARCH_NAME,
          input: { query: 'weather forecast' },
        });
      model.script(...turns);
      const approvals = setReadOnlyWithoutAsking({}, weatherId, true);
      const transport = transportFor(
        { client, approvals },
        { provider: 'compatible', baseUrl: model.baseUrl, model: 'scripted-model' },
      );
      await collect(await send(transport, [userMessage('Weather in Oslo tomorrow?')]));
      const steps = searching ? ['search', 'call the forecast', 'answer'] : ['call', 'answer'];
      model.requests
        .filter((request) => request.api === 'chat')
        .forEach((request, index) =>
          requests.push({
            tools: views.length,
            request: index + 1,
            step: steps[index] ?? '?',
            definitions: request.toolNames.length,
            bytes: Buffer.byteLength(JSON.stringify(request.body)),
          }),
        );
      allDefinitions.push({ tools: views.length, bytes: await definitionsSize(views, client) });
    } finally {
      await runCleanups();
      await model.close();
      await Promise.all(servers.map((server) => server.close()));
    }
  }
  return { requests, allDefinitions };
}

/** Every tool's definition as a Chat Completions request would carry it, in bytes. */
async function definitionsSize(
  views: Parameters<typeof buildProxyTools>[0],
  client: Parameters<typeof buildProxyTools>[1]['client'],
): Promise<number> {
  const { tools } = buildProxyTools(views, { client });
  const definitions = await Promise.all(
    Object.entries(tools).map(async ([name, tool]) => ({
      type: 'function',
      function: {
        name,
        description: tool.description,
        parameters: await (tool.inputSchema as { jsonSchema: unknown }).jsonSchema,
      },
    })),
  );
  return Buffer.byteLength(JSON.stringify(definitions));
}

/** The run as a Markdown table, then what sending every definition would have taken. */
export function toolSearchTable(run: ToolSearchRun): string {
  const number = (value: number) => value.toLocaleString('en-US');
  const lines = [
    '| tools switched on | request | the model | tool definitions | request size |',
    '| ---: | ---: | --- | ---: | ---: |',
    ...run.requests.map(
      (row) =>
        `| ${number(row.tools)} | ${row.request} | ${row.step} | ${row.definitions} | ${number(row.bytes)} B |`,
    ),
    '',
    ...run.allDefinitions.map(
      (row) =>
        `Every definition of the ${number(row.tools)} tools in one request: ${number(row.bytes)} B${row.tools > 128 ? ' (more tools than providers accept: never sent)' : ''}.`,
    ),
  ];
  return lines.join('\n');
}
