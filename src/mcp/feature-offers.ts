import type { Connection } from './connection';
import { SKILLS_EXTENSION_ID } from './skills-extension';

/** What a server offers besides tools, as its capabilities declare it. */
export type Feature = 'resources' | 'prompts' | 'completions' | 'skills';

export const FEATURE_NAMES: Record<Feature, string> = {
  resources: 'resources',
  prompts: 'prompts',
  completions: 'argument completions',
  skills: 'skills',
};

/** Whether the connected server declared `feature` (skills: the extension, SEP-2640). */
export function offers(capabilities: Connection['capabilities'], feature: Feature): boolean {
  if (feature === 'skills') return Boolean(capabilities?.extensions?.[SKILLS_EXTENSION_ID]);
  return Boolean(capabilities?.[feature]);
}
