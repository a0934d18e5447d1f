import { describeUrlRequest } from '../../src/asks/url-request';
import { AskHead, Expiry } from './ask-parts';
import { CancelButton, DeclineButton } from './ask-buttons';
import type { ElicitationCardProps } from './elicitation-card-props';

/** A page the server asks the person to open: shown first, opened only on their click. */
export function UrlAsk(props: ElicitationCardProps) {
  const { serverName, phase = 'asking' } = props;
  const target = describeUrlRequest(props.url ?? '');
  const decline = <DeclineButton {...props} />;
  const cancel = <CancelButton {...props} />;

  return (
    <section
      className="ask-card"
      role="group"
      aria-label={`${serverName} asks you to open a page`}
      data-ask-kind="elicitation-url"
    >
      <AskHead iconDataUrl={props.iconDataUrl} title={`${serverName} wants you to open a page`} />
      {!target.ok ? (
        <>
          <p className="field-error" role="alert">
            Patchbay will not open this page. {target.reason}
          </p>
          {props.url ? <p className="ask-url muted">{props.url}</p> : null}
          <p className="ask-message">{props.message}</p>
          <div className="form-actions ask-actions">{decline}</div>
        </>
      ) : phase === 'asking' ? (
        <>
          <p className="ask-host">{target.host}</p>
          <p className="ask-url muted">{target.url}</p>
          <p className="ask-message">{props.message}</p>
          <Expiry expiresAt={props.expiresAt} />
          <div className="form-actions ask-actions">
            {/* No argument: the click event is not content to send. */}
            <button type="button" className="primary" onClick={() => props.onAccept()}>
              Open {target.host}
            </button>
            {decline}
            {cancel}
          </div>
        </>
      ) : phase === 'opened' ? (
        <>
          <p className="ask-busy" role="status">
            Waiting for {serverName} to confirm you finished on {target.host}…
          </p>
          <p className="muted">
            {target.host} opened in a new tab. Finish there, and this card updates when {serverName}{' '}
            confirms.
          </p>
          <div className="form-actions ask-actions">
            {/* For servers that never confirm: the person says so themselves. */}
            <button type="button" onClick={() => props.onAccept()}>
              I’m done on {target.host}
            </button>
            {cancel}
          </div>
        </>
      ) : (
        <p className="test-ok" role="status">
          {serverName} confirmed it is done.
        </p>
      )}
    </section>
  );
}
