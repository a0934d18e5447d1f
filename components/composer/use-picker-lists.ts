import { useCallback, useEffect, useState } from 'react';
import { useClient } from '../shared/client-context';
import type {
  PromptView,
  ResourceTemplateView,
  ResourceView,
} from '../../src/messaging/features-contract';

/**
 * The resources, templates and prompts the pickers offer: read when the chat opens, when a
 * picker opens, and again when a server's resources or prompts change.
 */
export function usePickerLists() {
  const client = useClient();
  const [resources, setResources] = useState<ResourceView[]>([]);
  const [templates, setTemplates] = useState<ResourceTemplateView[]>([]);
  const [prompts, setPrompts] = useState<PromptView[]>([]);

  const loadPicker = useCallback(
    (kind: 'resources' | 'prompts') => {
      if (kind === 'resources')
        void client.request('mcp/resources/list').then(
          (all) => {
            setResources(all.resources);
            setTemplates(all.templates);
          },
          () => undefined,
        );
      else
        void client.request('mcp/prompts/list').then(
          (all) => setPrompts(all.prompts),
          () => undefined,
        );
    },
    [client],
  );

  // Once when the chat opens, and again when a server's resources or prompts change.
  useEffect(() => {
    loadPicker('resources');
    loadPicker('prompts');
    return client.onBroadcast((message) => {
      if (message.type === 'mcp/features/changed') loadPicker(message.payload.kind);
    });
  }, [client, loadPicker]);

  return { resources, templates, prompts, loadPicker };
}
