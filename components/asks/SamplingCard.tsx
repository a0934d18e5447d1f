import { useId, useRef, useState } from 'react';
import type { SamplingRequestView, SamplingRun } from '../../src/asks/sampling-request';
import { AskHead } from './ask-parts';
import { SamplingAnswer } from './SamplingAnswer';
import { SamplingReview } from './SamplingReview';
import { useSamplingEdits } from './use-sampling-edits';

export type {
  SamplingMessageView,
  SamplingRequestView,
  SamplingRun,
} from '../../src/asks/sampling-request';

export interface SamplingCardProps {
  serverName: string;
  /** Shown only when it is a `data:image/…` URL, so the card never loads anything. */
  iconDataUrl?: string;
  request: SamplingRequestView;
  /** Off by default for every server. */
  samplingEnabled: boolean;
  phase: 'review' | 'running' | 'answer' | 'failed';
  /** The model's text in phase `answer`; the person may edit it before sending. */
  answer?: string;
  /** The configured model that will run the request, or ran it. */
  modelName?: string;
  /** Why the run failed, in phase `failed`. */
  error?: string;
  /** Switches sampling on for this server. */
  onEnableSampling(): void;
  onRun(edited: SamplingRun): void;
  /** Sends the (possibly edited) answer back to the server. */
  onSend(answerText: string): void;
  onRefuse(): void;
}

/**
 * A server asks Patchbay to run the person's model. Nothing runs until the person has read the
 * request and pressed Run, and nothing goes back until they press Send. Key it by request:
 * the edits start from the request it was first rendered with.
 */
export function SamplingCard(props: SamplingCardProps) {
  const { serverName, request, phase } = props;
  const baseId = useId();
  const model = props.modelName ?? 'your model';
  const maxTokensInput = useRef<HTMLInputElement>(null);
  const edits = useSamplingEdits(request, (edited) => props.onRun(edited), maxTokensInput);
  // Undefined until the person edits, so an answer arriving after the first render shows.
  const [editedAnswer, setEditedAnswer] = useState<string>();

  const refuse = (
    <button
      type="button"
      onClick={() => props.onRefuse()}
      aria-label={`Refuse ${serverName}'s request`}
    >
      Refuse
    </button>
  );

  return (
    <section
      className="ask-card"
      role="group"
      aria-label={`${serverName} asks to use your model`}
      data-ask-kind="sampling"
    >
      <AskHead iconDataUrl={props.iconDataUrl} title={`${serverName} wants to use your model`} />

      {phase === 'review' ? (
        <SamplingReview
          baseId={baseId}
          serverName={serverName}
          request={request}
          samplingEnabled={props.samplingEnabled}
          model={model}
          edits={edits}
          maxTokensInput={maxTokensInput}
          refuse={refuse}
          onEnableSampling={() => props.onEnableSampling()}
        />
      ) : phase === 'running' ? (
        <p className="ask-busy" role="status">
          Running on {model}…
        </p>
      ) : phase === 'answer' ? (
        <SamplingAnswer
          baseId={baseId}
          serverName={serverName}
          model={model}
          answer={editedAnswer ?? props.answer ?? ''}
          refuse={refuse}
          onAnswerChange={setEditedAnswer}
          onSend={(text) => props.onSend(text)}
        />
      ) : (
        <>
          <p className="field-error" role="alert">
            {props.error ?? `${model} could not answer.`}
          </p>
          <div className="form-actions ask-actions">{refuse}</div>
        </>
      )}
    </section>
  );
}
