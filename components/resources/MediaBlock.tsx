import { useMemo } from 'react';
import { downloadBase64 } from './download';
import {
  MAX_INLINE_BYTES,
  base64DecodedSize,
  cleanBase64,
  formatBytes,
  mediaDataUrl,
  mimeEssence,
} from './resource-content';

/** Saves base64 data as a file when clicked; nothing is decoded before that. */
export function DownloadButton(props: {
  data: string;
  mimeType: unknown;
  filename: string;
  /** Defaults to "Download {filename} ({size})". */
  label?: string;
}) {
  const label =
    props.label ?? `Download ${props.filename} (${formatBytes(base64DecodedSize(props.data))})`;
  return (
    <button
      type="button"
      className="download"
      onClick={() => downloadBase64(props.data, props.mimeType, props.filename)}
    >
      {label}
    </button>
  );
}

/**
 * An image or audio clip from a server, shown from a `data:` URL built out of its base64
 * data, never from a URL the server chose. What cannot be shown (a type not allowed, data
 * that is not base64, more than `MAX_INLINE_BYTES`) says why and, when the data is real
 * base64, can still be saved.
 */
export function MediaBlock(props: {
  kind: 'image' | 'audio';
  mimeType: unknown;
  data: unknown;
  filename: string;
  alt: string;
  /** The download button's label; the default names the file and its size. */
  downloadLabel?: string;
}) {
  const { kind, mimeType, data } = props;
  // Memoized so a re-render hands React the same (possibly megabytes long) string.
  const media = useMemo(() => mediaDataUrl(kind, mimeType, data), [kind, mimeType, data]);
  const base64 = useMemo(() => cleanBase64(data), [data]);
  const download = base64 ? (
    <DownloadButton
      data={base64}
      mimeType={mimeType}
      filename={props.filename}
      {...(props.downloadLabel ? { label: props.downloadLabel } : {})}
    />
  ) : null;
  if ('url' in media) {
    return (
      <div className={`media-block media-${kind}`}>
        {kind === 'image' ? (
          <img src={media.url} alt={props.alt} />
        ) : (
          <audio controls src={media.url} aria-label={props.alt} />
        )}
        {kind === 'audio' ? download : null}
      </div>
    );
  }
  const what = kind === 'image' ? 'image' : 'audio clip';
  const type = mimeEssence(mimeType) ?? 'an unknown type';
  const reason =
    media.refused === 'type'
      ? `Patchbay does not show this ${what} inline: its type is ${type}.`
      : media.refused === 'size'
        ? `This ${what} is larger than ${formatBytes(MAX_INLINE_BYTES)}, so it is not shown inline.`
        : `This ${what} cannot be shown: its data is not valid base64.`;
  return (
    <div className={`media-block media-${kind} media-refused`}>
      <p className="muted">{reason}</p>
      {download}
    </div>
  );
}
