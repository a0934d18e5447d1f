import type { KeyValueStore } from '../../src/platform/ports';
import { BrowsePanel, type BrowsePanelProps } from './BrowsePanel';
import { useRegistrySearch } from './use-registry-search';

/** The registry's servers, searched only while this is open (nothing is asked before). */
export function BrowseRegistry({
  store,
  ...props
}: Omit<BrowsePanelProps, 'search'> & { store: KeyValueStore }) {
  const search = useRegistrySearch(store);
  return <BrowsePanel search={search} {...props} />;
}
