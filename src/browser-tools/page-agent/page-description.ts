import type { PageDescription } from './commands';

/** The page's title and address, as results report them. */
export function describePage(document: Document): PageDescription {
  return { title: document.title, url: document.URL };
}
