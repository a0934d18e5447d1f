/** What the transcript shows before the first message. */
export function EmptyChat({ toolCount }: { toolCount: number }) {
  return (
    <div className="empty-chat">
      <p>
        Ask something. Patchbay can use {toolCount === 1 ? '1 tool' : `${toolCount} tools`} from
        your switched-on servers.
      </p>
    </div>
  );
}
