/** The parts Settings is grouped into, in the order its tabs show them. */
export const SETTINGS_GROUPS = ['model', 'data', 'permissions', 'desktop', 'advanced'] as const;
export type SettingsGroup = (typeof SETTINGS_GROUPS)[number];

export const SETTINGS_GROUP_LABELS: Record<SettingsGroup, string> = {
  model: 'Model',
  data: 'Chats and data',
  permissions: 'Permissions',
  desktop: 'Desktop apps',
  advanced: 'Advanced',
};
