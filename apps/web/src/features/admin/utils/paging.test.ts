import { describe, expect, it } from 'vitest';
import { countLabel, pageCountOf, pageLabel } from './paging';

describe('pageCountOf', () => {
  it('rounds a partial last page up, and an empty list is one page', () => {
    expect(pageCountOf(5000, 25)).toBe(200);
    expect(pageCountOf(5001, 25)).toBe(201);
    expect(pageCountOf(1, 25)).toBe(1);
    expect(pageCountOf(0, 25)).toBe(1);
  });
});

describe('pageLabel and countLabel', () => {
  it('name the page out of the page count, and the total with its noun', () => {
    expect(pageLabel(2, 5000, 25)).toBe('Page 2 of 200');
    expect(pageLabel(1, 0, 25)).toBe('Page 1 of 1');
    const users = { one: 'user', many: 'users' };
    expect(countLabel(5000, users)).toBe('5,000 users');
    expect(countLabel(1, users)).toBe('1 user');
    expect(countLabel(0, users)).toBe('0 users');
  });
});
