import type { AssistantContext } from '@jesus-walks/contracts/assistant';
import { HeadsetIcon, type LucideProps, MessageCircleQuestionIcon, WineIcon } from 'lucide-react';

const icons = {
  wine: WineIcon,
  customerService: HeadsetIcon,
  general: MessageCircleQuestionIcon,
} as const;

/** The picture of an assistant (decorative: its label says the same). */
export function AssistantIcon({ context, ...props }: LucideProps & { context: AssistantContext }) {
  const Icon = icons[context];
  return <Icon aria-hidden="true" {...props} />;
}
