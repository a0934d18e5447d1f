import type { ResourceTemplateView, ResourceView } from '../messaging/features-contract';

/** A resource the person attached to their next message, by reference: the panel reads it. */
export interface Attachment {
  serverId: string;
  uri: string;
  name: string;
  title?: string;
  mimeType?: string;
  iconDataUrl?: string;
}

export function attachmentFromResource(resource: ResourceView): Attachment {
  return {
    serverId: resource.serverId,
    uri: resource.uri,
    name: resource.name,
    ...(resource.title ? { title: resource.title } : {}),
    ...(resource.mimeType ? { mimeType: resource.mimeType } : {}),
    ...(resource.iconDataUrl ? { iconDataUrl: resource.iconDataUrl } : {}),
  };
}

/** A template's resource once its variables are filled in: the expanded uri, the template's name. */
export function attachmentFromTemplate(template: ResourceTemplateView, uri: string): Attachment {
  return {
    serverId: template.serverId,
    uri,
    name: template.name,
    ...(template.title ? { title: template.title } : {}),
    ...(template.mimeType ? { mimeType: template.mimeType } : {}),
    ...(template.iconDataUrl ? { iconDataUrl: template.iconDataUrl } : {}),
  };
}
