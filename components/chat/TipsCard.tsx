import { z } from 'zod';
import { OPEN_PANEL_SHORTCUT } from '../../src/panel-entry/shortcut';
import type { KeyValueStore } from '../../src/platform/ports';
import { useStored } from '../shared/use-stored';
import './tips-card.css';

/** Set once the person dismissed the tips: they never show again in this browser. */
export const TIPS_DISMISSED_KEY = 'chat.tipsDismissed';
const dismissedSchema = z.literal(true);

/**
 * The one-time tips at the foot of an empty chat, above the composer: what "@" and "/" do, the keyboard
 * shortcut, the context menu and where a chat exports. Loaded with the panel's first empty
 * chat, shown until "Got it".
 */
export default function TipsCard({ store }: { store: KeyValueStore }) {
  const dismissed = useStored(store, TIPS_DISMISSED_KEY, dismissedSchema);
  if (!dismissed.loaded || dismissed.value) return null;
  return (
    <section className="tips-card" aria-label="Tips">
      <div className="tips-card-head">
        <h2>Tips</h2>
        <button type="button" onClick={() => void dismissed.save(true)}>
          Got it
        </button>
      </div>
      <ul>
        <li>
          <kbd>@</kbd> attaches a file or page a server offers; <kbd>/</kbd> at the start uses one
          of its prompts. Both are under <kbd>+</kbd>.
        </li>
        <li>
          <kbd>{OPEN_PANEL_SHORTCUT}</kbd> opens Patchbay from any page.
        </li>
        <li>Right-click a page or selected text: “Ask Patchbay about this…”.</li>
        <li>The ⋯ beside a chat’s title exports it.</li>
      </ul>
    </section>
  );
}
