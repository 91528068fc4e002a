import type { AssistantContext } from '@jesus-walks/contracts/assistant';

/** One assistant of the 'Choose Assistant' panel (SPEC.md section 2). */
export interface AssistantOption {
  context: AssistantContext;
  label: string;
  description: string;
  /** What the empty chat suggests asking this assistant. */
  hint: string;
}

export const assistantOptions: readonly AssistantOption[] = [
  {
    context: 'wine',
    label: 'Wine Expert',
    description: 'Sommelier expertise',
    hint: 'Ask about wine pairings, Napa varietals or a bottle for your budget.',
  },
  {
    context: 'customerService',
    label: 'Customer Service',
    description: 'Support & help',
    hint: 'Ask about your orders, shipping, returns or anything that went wrong.',
  },
  {
    context: 'general',
    label: 'General Assistant',
    description: 'General questions',
    hint: 'Ask about our walks, upcoming events, what to bring or how to join.',
  },
];

export const DEFAULT_ASSISTANT_CONTEXT: AssistantContext = 'general';

export function getAssistantOption(context: AssistantContext): AssistantOption {
  return (
    assistantOptions.find((option) => option.context === context) ??
    (assistantOptions.find((option) => option.context === DEFAULT_ASSISTANT_CONTEXT) as AssistantOption)
  );
}

/** The input's placeholder: 'Ask {assistant label lowercased}...'. */
export function inputPlaceholder(context: AssistantContext): string {
  return `Ask ${getAssistantOption(context).label.toLowerCase()}...`;
}

/** A 'Quick Questions' button: it switches to its context and prefills the input. */
export interface QuickQuestion {
  context: AssistantContext;
  text: string;
}

export const quickQuestions: readonly QuickQuestion[] = [
  { context: 'wine', text: 'What wine pairs well with salmon?' },
  { context: 'wine', text: 'Can you recommend a good red wine under $30?' },
  { context: 'customerService', text: 'How do I track my order?' },
];
