import { z } from 'zod';

/** How many days chats are kept (`chrome.storage.local`); null or absent: forever. */
export const CHAT_RETENTION_KEY = 'chat.keepDays';

export const retentionSchema = z.number().int().min(1).max(3650).nullable();

/** The choices the Settings tab offers, in days; undefined is forever. */
export const RETENTION_CHOICES = [undefined, 1, 7, 30, 90, 365] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Chats last changed before this time are past keeping; undefined when kept forever. */
export function retentionCutoff(days: number | undefined, now = Date.now()): number | undefined {
  return days === undefined ? undefined : now - days * DAY_MS;
}
