/**
 * `npm start -- --demo`: a scripted model on this machine, so Patchbay can be seen working
 * without a provider account. It speaks OpenAI's wire format (the test suite's scripted server,
 * tests/fixtures/scripted-openai.ts) and its only model is named "demo model", which is what
 * the panel shows as the model. Every question is answered the same way: a call to the fixture
 * server's echo tool (which Patchbay asks the person to approve), then an answer quoting the
 * tool's result and saying it came from the demo model.
 */
import {
  startScriptedOpenAI,
  type RecordedRequest,
  type ScriptedOpenAI,
  type ScriptedTurn,
} from '../../tests/fixtures/scripted-openai';

/** The model id the demo lists and the panel shows. */
export const DEMO_MODEL = 'demo model (scripted, not an AI)';
/** The question `npm start -- --demo` asks first. */
export const DEMO_QUESTION = 'What does the fixture server’s echo tool say back?';

type ChatMessage = { role?: string; content?: unknown };

const textOf = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content
          .map((part) => (typeof part === 'object' && part && 'text' in part ? part.text : ''))
          .join('')
      : '';

/** A tool result as Patchbay sends it back: the MCP content parts, as JSON text. */
function toolResultText(content: unknown): string {
  const text = textOf(content);
  try {
    return textOf(JSON.parse(text));
  } catch {
    return text;
  }
}

/** The demo's answer to one request: a tool call to a question, an answer to a tool result. */
export function demoTurn(request: RecordedRequest): Exclude<ScriptedTurn, { type: 'decide' }> {
  const messages = ((request.body as { messages?: ChatMessage[] }).messages ?? []).filter(
    (message) => message.role !== 'system',
  );
  const last = messages.at(-1);
  if (last?.role === 'tool') {
    return {
      type: 'text',
      text: `The echo tool answered: “${toolResultText(last.content)}”. This answer comes from Patchbay’s **demo model**, a script on this machine, not an AI: set OPENAI_API_KEY, ANTHROPIC_API_KEY, GOOGLE_GENERATIVE_AI_API_KEY or PATCHBAY_BASE_URL and run npm start again to chat with a real model.`,
    };
  }
  const echo = request.toolNames.find((name) => name.endsWith('__echo'));
  if (!echo) {
    return {
      type: 'text',
      text: 'The demo model needs the fixture server’s echo tool: switch the server on in the Servers view.',
    };
  }
  const question = [...messages].reverse().find((message) => message.role === 'user');
  return {
    type: 'tool-call',
    toolName: echo,
    input: { text: textOf(question?.content) || 'Hello from Patchbay' },
    text: 'Demo model here: I will ask the fixture server’s echo tool.',
  };
}

/** Starts the demo model; every request is answered by {@link demoTurn}. */
export async function startDemoModel(options: { port?: number } = {}): Promise<ScriptedOpenAI> {
  const model = await startScriptedOpenAI({ ...options, models: [DEMO_MODEL] });
  const decide: ScriptedTurn = {
    type: 'decide',
    decide(request) {
      model.script(decide);
      return demoTurn(request);
    },
  };
  model.script(decide);
  return model;
}
