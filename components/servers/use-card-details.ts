import { useClient } from '../shared/client-context';
import type { ServerDetailsHandlers } from './ServerDetails';
import type { BusyServers } from './use-busy-servers';
import { useServerDetails } from './use-server-details';
import { useServerSkills } from './use-server-skills';

/**
 * What a card's Details show besides tools, and the callbacks that load it: a server's
 * resources, templates, prompts and preview (use-server-details), its skills
 * (use-server-skills), and its sampling switch (work under way: `withBusy`).
 */
export function useCardDetails(withBusy: BusyServers['withBusy']) {
  const client = useClient();
  const serverDetails = useServerDetails();
  const serverSkills = useServerSkills();
  return (serverId: string): ServerDetailsHandlers => ({
    data: serverDetails.details[serverId] ?? {},
    onSamplingChange: (enabled) =>
      void withBusy(serverId, () => client.server(serverId, 'sampling/set', { enabled })),
    onLoad: (section) => serverDetails.loadSection(serverId, section),
    onLoadMore: (list) => serverDetails.loadMore(serverId, list),
    onRetry: (list) => serverDetails.retry(serverId, list),
    onOpenResource: (uri) => void serverDetails.openResource(serverId, uri),
    onClosePreview: () => serverDetails.closePreview(serverId),
    skills: {
      state: serverSkills.skills[serverId],
      busy: serverSkills.busy.has(serverId),
      onLoad: () => void serverSkills.load(serverId),
      onRetry: () => void serverSkills.load(serverId),
      onDecide: (skill, allow, allowTools) => void serverSkills.decide(skill, allow, allowTools),
    },
  });
}
