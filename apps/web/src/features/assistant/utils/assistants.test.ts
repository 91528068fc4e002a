import { describe, expect, it } from 'vitest';
import {
  assistantOptions,
  DEFAULT_ASSISTANT_CONTEXT,
  getAssistantOption,
  inputPlaceholder,
  quickQuestions,
} from './assistants';

describe('assistants (SPEC.md section 2)', () => {
  it('offers the three contexts with their labels and descriptions, the general one by default', () => {
    expect(assistantOptions.map(({ context, label, description }) => [context, label, description])).toEqual([
      ['wine', 'Wine Expert', 'Sommelier expertise'],
      ['customerService', 'Customer Service', 'Support & help'],
      ['general', 'General Assistant', 'General questions'],
    ]);
    expect(DEFAULT_ASSISTANT_CONTEXT).toBe('general');
    expect(new Set(assistantOptions.map((option) => option.hint)).size).toBe(3);
  });

  it("shows 'Ask {assistant label lowercased}...' as the placeholder", () => {
    expect(inputPlaceholder('wine')).toBe('Ask wine expert...');
    expect(inputPlaceholder('customerService')).toBe('Ask customer service...');
    expect(inputPlaceholder('general')).toBe('Ask general assistant...');
  });

  it('falls back to the general assistant for a context it does not know', () => {
    expect(getAssistantOption('nope' as never).label).toBe('General Assistant');
  });

  it('has the three Quick Questions in their contexts', () => {
    expect(quickQuestions.map((question) => question.context)).toEqual(['wine', 'wine', 'customerService']);
    expect(quickQuestions[0]?.text).toMatch(/salmon/i);
    expect(quickQuestions[1]?.text).toMatch(/red wine under \$30/i);
    expect(quickQuestions[2]?.text).toMatch(/track my order/i);
  });
});
