import type { Dispatch, SetStateAction } from 'react';
import type {
  PromptView,
  ResourceContents,
  ResourceTemplateView,
  ResourceView,
} from '../../src/messaging/features-contract';

/** One list a server pages through: what has loaded so far and where it stands. */
export interface PagedList<T> {
  items: T[];
  /** Set while the server has more; "Load more" asks for the page it names. */
  nextCursor?: string;
  loading: boolean;
  /** Why the last request failed, as a sentence. */
  error?: string;
}

/** The lists a server's details page through. */
export type DetailList = 'resources' | 'templates' | 'prompts';

/** The sections that load their data the first time they are opened. */
export type DetailSection = 'resources' | 'prompts';

/** The resource being previewed: loading, its contents, or why it could not be read. */
export interface ResourcePreviewState {
  uri: string;
  loading: boolean;
  contents?: ResourceContents[];
  error?: string;
}

/** What has loaded for one server's details; a list is undefined until it was first asked for. */
export interface ServerDetailsData {
  resources?: PagedList<ResourceView>;
  templates?: PagedList<ResourceTemplateView>;
  prompts?: PagedList<PromptView>;
  preview?: ResourcePreviewState;
}

/**
 * The first candidate that is a `data:image/…` URL. The background fetched and checked those;
 * anything else (an http address, `javascript:`, an empty string) is never put in an `<img>`,
 * so the panel loads nothing a server chose.
 */
export function imageDataUrl(...candidates: (string | undefined)[]): string | undefined {
  return candidates.find(
    (value): value is string => typeof value === 'string' && value.startsWith('data:image/'),
  );
}

/** Sets what has loaded for servers' details, by server id (use-server-details owns it). */
export type SetServerDetails = Dispatch<SetStateAction<Record<string, ServerDetailsData>>>;
