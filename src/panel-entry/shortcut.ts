/**
 * The key the manifest suggests for opening Patchbay (`open-patchbay` in wxt.config.ts). The
 * person can change it at chrome://extensions/shortcuts, and Chrome leaves it unset where
 * another extension already has it.
 */
export const OPEN_PANEL_SHORTCUT = 'Alt+Shift+P';
