import type { UIMessage } from 'ai';
import type { AppModelContext } from '../apps/app-model-context';
import type { SkillView } from '../messaging/skills-contract';
import { chatFacts, requestSources, type ChatFacts } from '../policy/chat-sources';
import type { RequestTools } from '../tool-search/request-tools';
import type { RequestScope } from './request-scope';

/**
 * Whose words the request holds, for the approval policy: the person's typed ones and the site
 * they pointed the chat at, and everyone else's, among them what the request itself carries
 * (servers' instructions, tools' descriptions, apps' context, skills).
 */
export function requestFacts(
  messages: readonly UIMessage[],
  scope: RequestScope,
  tools: Pick<RequestTools, 'names' | 'search'>,
  options: {
    /** The site the person pointed the chat at. */
    pointedOrigin: string | undefined;
    appContext: readonly AppModelContext[];
    skills: readonly SkillView[];
  },
): ChatFacts {
  const { pointedOrigin } = options;
  const facts = chatFacts(messages, scope.serverName);
  if (pointedOrigin) facts.origins.push(pointedOrigin);
  // The descriptions the request carries: behind a search, those of the tools loaded from the
  // start (what a search finds counts once its result is in the chat:
  // src/chat-approval/chat-approval.ts).
  const { search } = tools;
  const offered = search
    ? scope.views.filter((view) => search.loaded.includes(tools.names.nameFor(view)))
    : scope.views;
  facts.sources.push(
    ...requestSources({
      servers: scope.usable,
      views: offered,
      appContext: options.appContext,
      skills: options.skills,
    }),
  );
  return facts;
}
