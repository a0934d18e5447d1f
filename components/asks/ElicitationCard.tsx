import type { ElicitationCardProps } from './elicitation-card-props';
import { FormAsk } from './FormAsk';
import { UrlAsk } from './UrlAsk';

export type { ElicitationCardProps } from './elicitation-card-props';

/** A server asks the person for input mid-call: a form to fill in, or a page to open. */
export function ElicitationCard(props: ElicitationCardProps) {
  return props.mode === 'url' ? <UrlAsk {...props} /> : <FormAsk {...props} />;
}
