import { useState } from 'react';

/** Pieces the cards for a server's questions share. */

/** The card's heading, with the server's icon when it is a `data:image/…` URL (never fetched). */
export function AskHead({
  iconDataUrl,
  title,
}: {
  iconDataUrl: string | undefined;
  title: string;
}) {
  return (
    <div className="ask-head">
      {iconDataUrl && /^data:image\//i.test(iconDataUrl) ? (
        <img className="ask-icon" src={iconDataUrl} alt="" />
      ) : null}
      <h3 className="ask-title">{title}</h3>
    </div>
  );
}

export function Expiry({ expiresAt }: { expiresAt: number | undefined }) {
  // Computed once: a static line is enough, and the card is replaced when the request ends.
  const [now] = useState(() => Date.now());
  if (expiresAt === undefined || !Number.isFinite(expiresAt)) return null;
  return <p className="muted ask-expiry">{expiryText(expiresAt - now)}</p>;
}

/** Rounded down: telling the person they have less time than they do is the safe mistake. */
export function expiryText(remainingMilliseconds: number): string {
  if (remainingMilliseconds <= 0) return 'This request has expired.';
  const minutes = Math.floor(remainingMilliseconds / 60_000);
  if (minutes < 1) return 'Waiting for your answer · expires in less than a minute';
  if (minutes < 120) return `Waiting for your answer · expires in ${minutes} min`;
  return `Waiting for your answer · expires in ${Math.floor(minutes / 60)} h`;
}
