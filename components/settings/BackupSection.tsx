import { chromeAppVersion } from '../../src/platform/chrome-app-version';
import { MakeBackupForm } from './MakeBackupForm';
import { RestoreForm } from './RestoreForm';
import { SyncSection } from '../sync/SyncSection';
import { useSyncSetting } from '../sync/use-sync-setting';
import { useMakeBackup, useRestore, type BackupDependencies } from './use-backup';
import './backup.css';

export type BackupSectionProps = Omit<BackupDependencies, 'appVersion'> & {
  /** Opened from the first-run screen's Restore link: the restore's file chooser has focus. */
  restoreFirst?: boolean;
};

/**
 * Settings › Backup: make a backup file and restore one (loaded with its first showing: it
 * costs the panel's first load nothing).
 */
export default function BackupSection({ restoreFirst = false, ...props }: BackupSectionProps) {
  const dependencies = { ...props, appVersion: chromeAppVersion() };
  const sync = useSyncSetting(props.store);
  const maker = useMakeBackup(dependencies);
  const restore = useRestore(dependencies);
  return (
    <section aria-label="Backup" className="backup-section">
      <h2>Backup</h2>
      <MakeBackupForm
        busy={maker.busy}
        {...(maker.error ? { error: maker.error } : {})}
        onMake={(options) => void maker.make(options)}
      />
      <RestoreForm
        focus={restoreFirst}
        state={restore.state}
        {...(restore.error ? { error: restore.error } : {})}
        onChoose={(file) => void restore.choose(file)}
        onOpen={(options) => void restore.open(options)}
        onConfirm={restore.confirm}
        onCancel={restore.cancel}
        onDone={() => location.reload()}
      />
      <h2>Sync</h2>
      <SyncSection on={sync.on} status={sync.status} onToggle={(on) => void sync.toggle(on)} />
    </section>
  );
}
