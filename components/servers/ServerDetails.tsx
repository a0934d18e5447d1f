import { useState, type ReactNode } from 'react';
import { SwitchRow } from '../shared/SwitchRow';
import type { ServerView } from '../../src/messaging/contract';
import type { DetailList, DetailSection, ServerDetailsData } from './details-state';
import { PromptList } from './PromptList';
import { ResourceBrowser } from './ResourceBrowser';
import { SkillList, type SkillListProps } from './SkillList';

/** What the container gives a connected server's details: its data and where actions go. */
export interface ServerDetailsHandlers {
  /** What has loaded so far; lists are undefined until their section was first opened. */
  data: ServerDetailsData;
  /** The person switched sampling on or off for this server. */
  onSamplingChange(enabled: boolean): void;
  /** A section was opened for the first time: load its first page (resources load templates too). */
  onLoad(section: DetailSection): void;
  /** The next page of a list, from its `nextCursor`. */
  onLoadMore(list: DetailList): void;
  /** Tries a list's failed request again. */
  onRetry(list: DetailList): void;
  /** Reads a resource to preview it. */
  onOpenResource(uri: string): void;
  onClosePreview(): void;
  /** The server's skills (SEP-2640): loaded when their section is first opened. */
  skills?: Omit<SkillListProps, 'serverName'> & { onLoad(): void };
}

export interface ServerDetailsProps extends ServerDetailsHandlers {
  server: ServerView;
  busy?: boolean;
}

/**
 * What a connected server offers besides tools: the switch that lets it ask the person's model
 * to write text (sampling), its instructions for the model, and its resources, skills and
 * prompts. Sections stay collapsed until opened, and load their data the first time they are.
 * Everything shown is the server's text, rendered as text.
 */
export function ServerDetails(props: ServerDetailsProps) {
  const { server, data } = props;
  const features = server.features;
  return (
    <div className="server-details">
      <SwitchRow
        label={`Let ${server.name} ask your model to write text`}
        on={server.samplingEnabled ?? false}
        disabled={props.busy}
        onChange={props.onSamplingChange}
      />
      <p className="muted server-details-hint">
        Each request still asks you first and shows you the answer before it is sent. MCP calls this
        sampling.
      </p>
      {server.instructions ? (
        <DetailsSection title="Instructions for the model">
          <p className="muted server-details-note">
            Patchbay adds these to the model&apos;s instructions while {server.name} is switched on.
          </p>
          <p className="server-instructions">{server.instructions}</p>
        </DetailsSection>
      ) : null}
      {features?.resources ? (
        <DetailsSection
          title="Resources"
          onOpen={() => {
            if (!data.resources) props.onLoad('resources');
          }}
        >
          <ResourceBrowser
            serverName={server.name}
            resources={data.resources}
            templates={data.templates}
            {...(data.preview ? { preview: data.preview } : {})}
            onLoadMore={props.onLoadMore}
            onRetry={props.onRetry}
            onOpen={props.onOpenResource}
            onClosePreview={props.onClosePreview}
          />
        </DetailsSection>
      ) : null}
      {features?.skills && props.skills ? (
        <DetailsSection title="Skills" onOpen={props.skills.onLoad}>
          <SkillList serverName={server.name} {...props.skills} />
        </DetailsSection>
      ) : null}
      {features?.prompts ? (
        <DetailsSection
          title="Prompts"
          onOpen={() => {
            if (!data.prompts) props.onLoad('prompts');
          }}
        >
          <PromptList
            serverName={server.name}
            prompts={data.prompts}
            onLoadMore={() => props.onLoadMore('prompts')}
            onRetry={() => props.onRetry('prompts')}
          />
        </DetailsSection>
      ) : null}
    </div>
  );
}

/** A `<details>` section, collapsed at first; its body is rendered only while open. */
function DetailsSection(props: { title: string; onOpen?: () => void; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className="server-section"
      open={open}
      onToggle={(event) => {
        const isOpen = event.currentTarget.open;
        setOpen(isOpen);
        if (isOpen) props.onOpen?.();
      }}
    >
      <summary>{props.title}</summary>
      {open ? <div className="server-section-body">{props.children}</div> : null}
    </details>
  );
}
