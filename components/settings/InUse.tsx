import { activeSettings, type ModelChoice } from '../../src/models/model-choice';
import { PROVIDER_LABELS } from '../../src/models/model-settings';
import { ON_DEVICE_MODEL } from '../../src/models/on-device-model';

/** Settings › Model's first line: the model new chats use, kept current as it changes. */
export function InUse({ choice }: { choice: ModelChoice | undefined }) {
  const settings = activeSettings(choice);
  return (
    <p className="in-use" role="status">
      {settings ? (
        <>
          New chats use{' '}
          <strong>
            {settings.model === ON_DEVICE_MODEL ? 'Chrome’s built-in model' : settings.model}
          </strong>{' '}
          <span className="muted">({PROVIDER_LABELS[settings.provider]})</span>. A chat can switch
          models from its header.
        </>
      ) : (
        'No model is set up yet: choose a provider below.'
      )}
    </p>
  );
}
