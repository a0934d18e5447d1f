import { limitGroups, rankItems, type PickerTrigger } from '../../src/composer/picker-query';
import type {
  PromptView,
  ResourceTemplateView,
  ResourceView,
} from '../../src/messaging/features-contract';
import type { PickerGroup, PickerRow } from './PickerMenu';

/** Rows shown at most: enough to browse, few enough that typing is the way to narrow. */
export const PICKER_LIMIT = 50;

export type PickerChoice =
  | { type: 'resource'; resource: ResourceView }
  | { type: 'template'; template: ResourceTemplateView }
  | { type: 'prompt'; prompt: PromptView };

export interface PickerServer {
  id: string;
  name: string;
  iconDataUrl?: string;
}

export interface PickerContent {
  label: string;
  groups: PickerGroup[];
  /** What each row chooses, in the order rows are shown across groups. */
  choices: PickerChoice[];
  hidden: number;
  emptyText: string;
}

export interface PickerSources {
  resources: readonly ResourceView[];
  templates: readonly ResourceTemplateView[];
  prompts: readonly PromptView[];
  servers: readonly PickerServer[];
}

/**
 * The name and icon a row shows for its server (the item's own icon first, when it has one);
 * an unknown server shows its id.
 */
export function serverOf(
  servers: readonly PickerServer[],
  serverId: string,
  itemIconDataUrl?: string,
) {
  const server = servers.find((candidate) => candidate.id === serverId);
  return {
    serverName: server?.name ?? serverId,
    serverIconDataUrl: itemIconDataUrl ?? server?.iconDataUrl,
  };
}

function resourcePicker(query: string, sources: PickerSources): PickerContent {
  const resources = rankItems(sources.resources, query, (resource) => ({
    names: [resource.title, resource.name],
    extra: [resource.uri],
  }));
  const templates = rankItems(sources.templates, query, (template) => ({
    names: [template.title, template.name],
    extra: [template.uriTemplate],
  }));
  const shown = limitGroups(resources, templates, PICKER_LIMIT);
  const resourceRows: PickerRow[] = shown.first.map((resource) => ({
    key: `resource:${resource.serverId}:${resource.uri}`,
    ...serverOf(sources.servers, resource.serverId, resource.iconDataUrl),
    label: resource.title ?? resource.name,
    detail: resource.uri,
    detailIsCode: true,
  }));
  const templateRows: PickerRow[] = shown.second.map((template) => ({
    key: `template:${template.serverId}:${template.uriTemplate}`,
    ...serverOf(sources.servers, template.serverId, template.iconDataUrl),
    label: template.title ?? template.name,
    detail: template.uriTemplate,
    detailIsCode: true,
  }));
  const nothingAtAll = sources.resources.length === 0 && sources.templates.length === 0;
  return {
    label: 'Resources',
    groups: [{ rows: resourceRows }, { label: 'Templates', rows: templateRows }],
    choices: [
      ...shown.first.map((resource) => ({ type: 'resource' as const, resource })),
      ...shown.second.map((template) => ({ type: 'template' as const, template })),
    ],
    hidden: shown.hidden,
    emptyText: nothingAtAll
      ? 'No resources from your connected servers.'
      : `No resources match “${query}”.`,
  };
}

function promptPicker(query: string, sources: PickerSources): PickerContent {
  const prompts = rankItems(sources.prompts, query, (prompt) => ({
    names: [prompt.name, prompt.title],
    extra: [prompt.description],
  }));
  const shown = prompts.slice(0, PICKER_LIMIT);
  return {
    label: 'Prompts',
    groups: [
      {
        rows: shown.map((prompt) => ({
          key: `prompt:${prompt.serverId}:${prompt.name}`,
          ...serverOf(sources.servers, prompt.serverId, prompt.iconDataUrl),
          label: `/${prompt.name}`,
          hint: prompt.title,
          detail: prompt.description,
        })),
      },
    ],
    choices: shown.map((prompt) => ({ type: 'prompt' as const, prompt })),
    hidden: prompts.length - shown.length,
    emptyText:
      sources.prompts.length === 0
        ? 'No prompts from your connected servers.'
        : `No prompts match “${query}”.`,
  };
}

/** What the open picker lists for what was typed after its trigger. */
export function pickerContent(trigger: PickerTrigger, sources: PickerSources): PickerContent {
  return trigger.kind === 'resources'
    ? resourcePicker(trigger.query, sources)
    : promptPicker(trigger.query, sources);
}
