import type { UseQueryResult } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Waiver } from '@/lib/events/get-waiver';
import { BeforeTheWalkFields } from './before-the-walk-fields';

const waiver = {
  isPending: false,
  data: {
    id: 3,
    version: 2,
    text: 'I follow the leader.\nI know my fitness.',
    publishedAt: '2030-01-01T00:00:00Z',
  },
} as UseQueryResult<Waiver>;

/** As react-hook-form's `register` names each input. */
const register = (name: string) => ({ name });

function render(
  walk: { waiverRequired: boolean; askEmergencyContact: boolean },
  messages: Record<string, string> = {},
) {
  const errors = Object.fromEntries(Object.entries(messages).map(([name, message]) => [name, { message }]));
  return renderToStaticMarkup(
    <BeforeTheWalkFields walk={walk} waiver={waiver} idPrefix="guest" register={register} errors={errors} />,
  );
}

describe('the fields a walk asks before it', () => {
  it('shows the waiver to read, scrollable, and asks for the full name to accept it', () => {
    const html = render({ waiverRequired: true, askEmergencyContact: false });
    expect(html).toContain('Waiver (version 2)');
    expect(html).toContain('I follow the leader.\nI know my fitness.');
    expect(html).toMatch(/data-testid="waiver-text"[^>]*class="[^"]*overflow-y-auto/);
    expect(html).toContain('Type your full name to accept');
    expect(html).not.toContain('Emergency contact');
  });

  it('asks for an emergency contact and an optional note for the leader', () => {
    const html = render(
      { waiverRequired: false, askEmergencyContact: true },
      { contactPhone: 'Emergency contact phone must be a phone number, e.g. (707) 555-0123' },
    );
    expect(html).toContain('Emergency contact');
    expect(html).toContain('Their phone');
    expect(html).toContain('Note for the leader (optional)');
    expect(html).toContain('Emergency contact phone must be a phone number');
    expect(html).not.toContain('Type your full name to accept');
  });

  it('shows nothing for a walk that asks nothing', () => {
    expect(render({ waiverRequired: false, askEmergencyContact: false })).toBe('');
  });
});
