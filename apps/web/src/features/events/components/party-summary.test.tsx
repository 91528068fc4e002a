import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PartySummary } from './party-summary';

const render = (event: { price: number; seatsLeft: number; capacity: number }, people: number) =>
  renderToStaticMarkup(<PartySummary event={event} people={people} />);

describe("a party's summary before registering (decision 041)", () => {
  it('says nothing for someone who comes alone to a free walk with seats', () => {
    expect(render({ price: 0, seatsLeft: 5, capacity: 20 }, 1)).toBe('');
    expect(render({ price: 0, seatsLeft: 5, capacity: 20 }, 3)).toBe('');
  });

  it('says before submitting that a party larger than the seats left waits in line together', () => {
    expect(render({ price: 0, seatsLeft: 2, capacity: 20 }, 3)).toContain(
      'Only 2 seats left: a party of 3 goes on the waitlist together.',
    );
  });

  it('says what a party pays on the day at a paid walk, and that it is when seats open up for a full one', () => {
    expect(render({ price: 25, seatsLeft: 5, capacity: 20 }, 3)).toContain(
      'For your party, paid on the day at check-in: <span class="font-semibold tabular-nums">3 × $25.00 = $75.00</span>',
    );
    expect(render({ price: 25, seatsLeft: 0, capacity: 20 }, 2)).toContain(
      'If seats open up for your party, paid on the day at check-in:',
    );
  });
});
