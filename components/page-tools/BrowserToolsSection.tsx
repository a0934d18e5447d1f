import { BrowserTools } from './BrowserTools';
import type { BrowserPermissions } from '../../src/permissions/browser-permissions';
import { PermissionNote } from '../permissions/PermissionNote';
import { useAccessNote } from '../permissions/use-access-note';
import { useBrowserTools } from './use-browser-tools';

/** The feature's name, as the note says it. */
export const WEBSITE_TOOLS = 'Websites’ tools';

/**
 * Sites' own tools in the Servers view, with a way to look at the tab the person is on. They
 * need all-site access, which Patchbay never asks at install: until Chrome gives it, the note
 * says what it allows, and looking at the tab asks for it from that click.
 */
export function BrowserToolsSection({ access }: { access: BrowserPermissions }) {
  const browserTools = useBrowserTools();
  const accessNote = useAccessNote(access, WEBSITE_TOOLS);
  const { checked, checkActiveTab: look } = browserTools;
  const checkTab = () => {
    if (accessNote.granted !== false) return void look();
    // Asked from this click; the note above already said what it allows.
    void accessNote.allow().then((granted) => (granted ? look() : undefined));
  };
  return (
    <>
      {accessNote.note ? (
        <PermissionNote
          feature={WEBSITE_TOOLS}
          note={accessNote.note}
          onAllow={() => void accessNote.allow()}
          onCancel={accessNote.dismiss}
        />
      ) : null}
      <BrowserTools
        sites={browserTools.sites}
        onDisabledChange={browserTools.setDisabled}
        onCheckTab={checkTab}
        {...(checked ? { checked } : {})}
      />
      {browserTools.error ? (
        <p className="server-error" role="alert">
          {browserTools.error}
        </p>
      ) : null}
    </>
  );
}
