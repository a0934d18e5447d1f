import type { BrowserSiteView } from '../../src/messaging/page-tools-contract';
import { ToolSwitch } from '../servers/ToolSwitch';

export interface BrowserToolsProps {
  sites: BrowserSiteView[];
  onDisabledChange(domain: string, names: string[]): void;
  /**
   * Looks for tools in the tab the person is on: a site not allowed yet that offers WebMCP
   * tools only is noticed this way (nothing of Patchbay runs in its pages' own world before).
   */
  onCheckTab?(): void;
  /** What the last look found, in a sentence. */
  checked?: string;
}

/** "This browser": the allowed sites' own tools, per site, each with its switch. */
export function BrowserTools({ sites, onDisabledChange, onCheckTab, checked }: BrowserToolsProps) {
  return (
    <section aria-label="This browser">
      <h2>This browser</h2>
      {onCheckTab ? (
        <p className="check-tab">
          <button type="button" className="quiet" onClick={onCheckTab}>
            Look for tools in the active tab
          </button>
          {checked ? (
            <span className="muted" role="status">
              {' '}
              {checked}
            </span>
          ) : null}
        </p>
      ) : null}
      {sites.length === 0 ? (
        <p className="muted">
          When a website offers tools, Patchbay asks you first; the ones you allow show here.
        </p>
      ) : null}
      {sites.map((site) => {
        const off = new Set(site.disabled);
        return (
          <div key={site.domain} className="browser-site">
            <h3>{site.domain}</h3>
            <ul className="tool-list" aria-label={`Tools of ${site.domain}`}>
              {site.tools.map((tool) => (
                <li key={tool.name} className="tool" data-tool={tool.name}>
                  <div className="tool-head">
                    <ToolSwitch
                      on={!off.has(tool.name)}
                      label={`Use ${tool.name} of ${site.domain}`}
                      onChange={(on) =>
                        onDisabledChange(
                          site.domain,
                          on
                            ? site.disabled.filter((name) => name !== tool.name)
                            : [...site.disabled, tool.name],
                        )
                      }
                    />
                    <code className="tool-name">{tool.name}</code>
                    <span className="label">
                      {tool.kept
                        ? 'kept from an earlier visit'
                        : tool.tabs.map((tab) => `tab ${tab}`).join(', ')}
                    </span>
                    {tool.annotations?.readOnlyHint === true ? (
                      <span
                        className="label"
                        title="The site's own description; Patchbay cannot check it"
                      >
                        site says read-only
                      </span>
                    ) : null}
                  </div>
                  {tool.description ? (
                    <p className="muted tool-description">{tool.description}</p>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </section>
  );
}
