import { z } from 'zod';
import type { KeyValueStore } from '../../../src/platform/ports';
import { REGISTRY_URL_KEY } from '../../../src/registry/registry-setting';
import { RegistrySetting } from '../../registry/RegistrySetting';
import { useStored } from '../../shared/use-stored';

const registryUrlSchema = z.string().url();

/** Settings › Advanced: where Servers › Browse finds servers. */
export default function AdvancedGroup({ store }: { store: KeyValueStore }) {
  const stored = useStored(store, REGISTRY_URL_KEY, registryUrlSchema);
  if (!stored.loaded) return null;
  return <RegistrySetting url={stored.value} onSave={stored.save} />;
}
