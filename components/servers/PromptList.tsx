import type { PromptView } from '../../src/messaging/features-contract';
import type { PagedList } from './details-state';
import { ItemIcon } from './ItemIcon';
import { PagedSection } from './ResourceBrowser';

export interface PromptListProps {
  serverName: string;
  /** Undefined until the first page was asked for. */
  prompts: PagedList<PromptView> | undefined;
  onLoadMore(): void;
  onRetry(): void;
}

/** A server's prompts, a page at a time: what to type, what each does and what it asks for. */
export function PromptList(props: PromptListProps) {
  const { prompts } = props;
  return (
    <div className="prompt-browser">
      <p className="muted">Type / in the chat to use one.</p>
      <PagedSection
        state={prompts}
        what="prompts"
        empty={`${props.serverName} offers no prompts.`}
        onLoadMore={props.onLoadMore}
        onRetry={props.onRetry}
      >
        {prompts?.items.length ? (
          <ul className="detail-list" aria-label={`Prompts of ${props.serverName}`}>
            {prompts.items.map((prompt, index) => (
              <li key={`${index}:${prompt.name}`} className="detail-item detail-static">
                <ItemIcon className="detail-icon" src={prompt.iconDataUrl} name={prompt.name} />
                <span className="detail-main">
                  <span className="detail-name">
                    <code>/{prompt.name}</code>
                    {prompt.title ? <span className="detail-title"> {prompt.title}</span> : null}
                  </span>
                  {prompt.description ? (
                    <span className="detail-description">{prompt.description}</span>
                  ) : null}
                  {prompt.arguments.length ? (
                    <span className="detail-arguments">
                      Arguments:{' '}
                      {prompt.arguments.map((argument, index) => (
                        <span key={`${index}:${argument.name}`} title={argument.description}>
                          {index > 0 ? ', ' : null}
                          <code>{argument.name}</code>
                          {argument.required ? (
                            <span className="detail-required"> (required)</span>
                          ) : null}
                        </span>
                      ))}
                    </span>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </PagedSection>
    </div>
  );
}
