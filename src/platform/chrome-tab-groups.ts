/** Tab groups, with chrome.tabGroups: an external client's tabs go in a group of its name. */
import { browser } from 'wxt/browser';

/**
 * Puts the tabs in the group named `title` (made when missing, or when `groupId` is gone); its
 * id, or undefined where groups cannot be.
 */
export async function groupTabs(
  tabIds: number[],
  title: string,
  groupId?: number,
): Promise<number | undefined> {
  // tabGroups is optional (asked for with "Use this browser" and browser access): without
  // it the tabs stay ungrouped rather than in a group without its name.
  if (!(await browser.permissions.contains({ permissions: ['tabGroups'] }))) return undefined;
  const grouped = async (options: { groupId?: number }) => {
    const id = await browser.tabs.group({
      tabIds: tabIds as [number, ...number[]],
      ...options,
    });
    await browser.tabGroups.update(id, { title, color: 'purple' });
    return id;
  };
  try {
    return await grouped(groupId === undefined ? {} : { groupId });
  } catch {
    // The group was closed, or the tab is in a window where groups cannot be (a popup).
    return groupId === undefined ? undefined : grouped({}).catch(() => undefined);
  }
}
