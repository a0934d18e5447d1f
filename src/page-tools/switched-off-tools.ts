/** The page tools the person switched off, by site (their names in the page), kept in storage. */
import { z } from 'zod';
import { PatchbayError } from '../errors/patchbay-error';
import type { KeyValueStore } from '../platform/ports';
import type { HubTool } from './hub-tool';

export const DISABLED_PAGE_TOOLS_KEY = 'pageTools.disabled';
const disabledSchema = z.record(z.string(), z.array(z.string())).catch({});

export function createSwitchedOffTools(store: KeyValueStore) {
  let bySite: Record<string, string[]> = {};
  const isOff = (tool: HubTool) => bySite[tool.domain]?.includes(tool.toolName) ?? false;
  return {
    /** Reads them from storage. */
    async load(): Promise<void> {
      bySite = disabledSchema.parse(await store.get(DISABLED_PAGE_TOOLS_KEY));
    },
    isOn: (tool: HubTool): boolean => !isOff(tool),
    /** Refuses a call of a tool the person switched off. */
    assertOn(tool: HubTool | undefined): void {
      if (tool && isOff(tool))
        throw new PatchbayError(
          'invalid-request',
          `The tool ${tool.toolName} of ${tool.domain} is switched off.`,
        );
    },
    /** The site's tools switched off. */
    of: (domain: string): string[] => bySite[domain] ?? [],
    /** Switches off exactly these of the site's tools; returns them, once each. */
    async set(domain: string, names: string[]): Promise<string[]> {
      const next = [...new Set(names)];
      bySite = { ...bySite, [domain]: next };
      if (!next.length) delete bySite[domain];
      await store.set({ [DISABLED_PAGE_TOOLS_KEY]: bySite });
      return next;
    },
  };
}
