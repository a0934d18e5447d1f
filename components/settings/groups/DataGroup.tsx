import type { AskForSites } from '../../../src/permissions/ask-for-sites';
import type { KeyValueStore } from '../../../src/platform/ports';
import { ChatHistorySettings } from '../../history/ChatHistorySettings';
import type { useConversations } from '../../history/use-conversations';
import BackupSection from '../BackupSection';

/** Settings › Chats and data: how long chats are kept, backup and restore, and sync. */
export default function DataGroup(props: {
  store: KeyValueStore;
  chats: ReturnType<typeof useConversations>;
  keepDays: number | undefined;
  onKeepDays(days: number | undefined): void;
  askForSites: AskForSites;
  restoreFirst: boolean;
}) {
  const { chats } = props;
  return (
    <>
      <ChatHistorySettings
        keepDays={props.keepDays}
        chatCount={chats.list.conversations.length}
        onKeepDays={props.onKeepDays}
        onDeleteAll={() => void chats.removeAll()}
        {...(chats.notice ? { notice: chats.notice } : {})}
      />
      <BackupSection
        store={props.store}
        history={chats.history}
        askForSites={props.askForSites}
        restoreFirst={props.restoreFirst}
      />
    </>
  );
}
