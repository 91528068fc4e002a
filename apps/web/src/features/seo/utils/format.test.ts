import { describe, expect, it } from 'vitest';
import { dayBars, formatCount, formatCtr, formatDay, formatPosition, rowKey } from './format';

describe('SEO dashboard formatting', () => {
  it('shows position to 1 decimal, CTR as a percent, counts with separators', () => {
    expect(formatPosition(3.16)).toBe('3.2');
    expect(formatPosition(7)).toBe('7.0');
    expect(formatCtr(4.56789)).toBe('4.57%');
    expect(formatCount(12345)).toBe('12,345');
  });

  it("names a row by its key, or 'Unknown page' / 'Unknown query' without one", () => {
    expect(rowKey({ keys: ['/events'], clicks: 1, impressions: 2, position: 3 }, 'Unknown page')).toBe(
      '/events',
    );
    expect(rowKey({ clicks: 1, impressions: 2, position: 3 }, 'Unknown page')).toBe('Unknown page');
    expect(rowKey({ keys: [], clicks: 1, impressions: 2, position: 3 }, 'Unknown query')).toBe(
      'Unknown query',
    );
    expect(rowKey({ keys: [''], clicks: 1, impressions: 2, position: 3 }, 'Unknown query')).toBe(
      'Unknown query',
    );
  });

  it('scales day bars to the highest day, and keeps an all-zero period flat', () => {
    const days = [
      { date: '2026-03-01', clicks: 5, impressions: 40 },
      { date: '2026-03-02', clicks: 10, impressions: 20 },
    ];
    expect(dayBars(days, 'clicks').map((bar) => bar.percent)).toEqual([50, 100]);
    expect(dayBars(days, 'impressions').map((bar) => bar.percent)).toEqual([100, 50]);
    expect(dayBars([{ date: '2026-03-01', clicks: 0, impressions: 0 }], 'clicks')[0]?.percent).toBe(0);
  });

  it('reads a YYYY-MM-DD day as that calendar day', () => {
    expect(formatDay('2026-03-05')).toBe('Mar 5');
  });
});
