import type { ChatModel } from '../../src/models/chat-model';
import { PROVIDER_LABELS } from '../../src/models/model-settings';
import type { ProviderModels } from '../shared/use-model-options';

const valueOf = (model: ChatModel) => JSON.stringify([model.provider, model.model]);

/** The model a routine runs with: the chat's default, or one of the set-up providers' models. */
export function ModelSelect({
  id,
  model,
  lists,
  onChange,
}: {
  id: string;
  model: ChatModel | undefined;
  /** Each set-up provider's models; undefined until read. */
  lists: readonly ProviderModels[] | undefined;
  onChange(model: ChatModel | undefined): void;
}) {
  const listed = (lists ?? []).some(
    (list) => list.provider === model?.provider && list.models.includes(model.model),
  );
  const models = new Map<string, ChatModel>();
  for (const list of lists ?? [])
    for (const name of list.models) {
      const each = { provider: list.provider, model: name };
      models.set(valueOf(each), each);
    }
  if (model) models.set(valueOf(model), model);
  return (
    <select
      id={id}
      value={model ? valueOf(model) : ''}
      onChange={(event) => onChange(models.get(event.target.value))}
    >
      <option value="">Default model (as in Settings)</option>
      {model && !listed ? (
        <option value={valueOf(model)}>
          {model.model} · {PROVIDER_LABELS[model.provider]}
        </option>
      ) : null}
      {(lists ?? []).map((list) => (
        <optgroup key={list.provider} label={PROVIDER_LABELS[list.provider]}>
          {list.models.map((name) => (
            <option key={name} value={valueOf({ provider: list.provider, model: name })}>
              {name}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}
