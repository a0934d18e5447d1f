import type { BrowserSiteView } from '../../src/messaging/page-tools-contract';
import { ToolSwitch } from '../servers/ToolSwitch';

export interface BrowserToolsProps {
  sites: BrowserSiteView[];
  onDisabledChange(domain: string, names: string[]): void;
}

/** "This browser": the allowed sites' own tools, per site, each with its switch. */
export function BrowserTools({ sites, onDisabledChange }: BrowserToolsProps) {
  return (
    <section aria-label="This browser">
      <h2>This browser</h2>
      {sites.length === 0 ? (
        <p className="muted">
          No site you allowed offers tools right now. When a page offers some, Patchbay asks.
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
