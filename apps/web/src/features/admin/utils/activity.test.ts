import { auditedServices, auditTargetTypes } from '@jesus-walks/contracts/audit';
import { describe, expect, it } from 'vitest';
import {
  activityAreas,
  activityQueryOf,
  activityTargetTypes,
  changeFieldLabel,
  changeValueText,
  hasActivityFilters,
  noActivityFilters,
  targetText,
  unreachableAreasText,
} from './activity';

describe('the filters', () => {
  it('name every area and every kind of target the services record', () => {
    expect(activityAreas.map((area) => area.value).sort()).toEqual([...auditedServices].sort());
    expect(activityTargetTypes.map((type) => type.value).sort()).toEqual([...auditTargetTypes].sort());
  });
});

describe('activityQueryOf', () => {
  it('sends nothing for no filters', () => {
    expect(activityQueryOf(noActivityFilters)).toEqual({});
    expect(hasActivityFilters(noActivityFilters)).toBe(false);
  });

  it('sends the area as the service, the target type and the trimmed words', () => {
    const filters = {
      ...noActivityFilters,
      area: 'payments',
      targetType: 'order',
      words: '  refund ',
    } as const;
    expect(activityQueryOf(filters)).toEqual({ service: 'payments', targetType: 'order', q: 'refund' });
    expect(hasActivityFilters(filters)).toBe(true);
    expect(activityQueryOf({ ...noActivityFilters, words: '   ' })).toEqual({});
  });

  it('reads the dates as whole days in the valley, the last day included', () => {
    // Summer: the valley is UTC-7; winter: UTC-8.
    expect(activityQueryOf({ ...noActivityFilters, fromDate: '2030-07-04', toDate: '2030-07-04' })).toEqual({
      from: '2030-07-04T07:00:00.000Z',
      to: '2030-07-05T07:00:00.000Z',
    });
    expect(activityQueryOf({ ...noActivityFilters, toDate: '2030-12-31' })).toEqual({
      to: '2031-01-01T08:00:00.000Z',
    });
    expect(activityQueryOf({ ...noActivityFilters, toDate: '2032-02-28' }).to).toBe(
      '2032-02-29T08:00:00.000Z',
    );
  });

  it('leaves out a date that is not one', () => {
    expect(activityQueryOf({ ...noActivityFilters, fromDate: '2030-02-30', toDate: 'soon' })).toEqual({});
  });
});

describe('entry texts', () => {
  it('names fields and values for people', () => {
    expect(changeFieldLabel('isAdmin')).toBe('Admin');
    expect(changeFieldLabel('estimatedDeliveryDate')).toBe('Estimated delivery date');
    expect(changeFieldLabel('status')).toBe('Status');
    expect(changeFieldLabel('tracking_number')).toBe('Tracking number');
    expect(changeValueText(true)).toBe('yes');
    expect(changeValueText(false)).toBe('no');
    expect(changeValueText(null)).toBe('(none)');
    expect(changeValueText('')).toBe('(none)');
    expect(changeValueText('2026-12-14T02:00:00.000Z')).toBe('Sun, Dec 13, 2026, 6:00 PM PST');
    expect(changeValueText('2026-12-14')).toBe('2026-12-14');
    expect(changeValueText(24.5)).toBe('24.5');
    expect(changeValueText('shipped')).toBe('shipped');
    expect(changeValueText({ city: 'Napa', zipCode: '94559' })).toBe('City: Napa, Zip code: 94559');
  });

  it("reads a manual order's customer and items as words, never as JSON", () => {
    // As catalog-and-orders records 'order.created_manually'.
    expect(changeValueText({ id: 5, username: 'carol' })).toBe('carol (user #5)');
    expect(
      changeValueText([
        { productId: 3, name: 'Record Cap', quantity: 2, price: '24.50' },
        { productId: 4, name: 'Camp Mug', quantity: 1, price: '12.00' },
      ]),
    ).toBe('2 x Record Cap at $24.50; 1 x Camp Mug at $12.00');
    expect(changeValueText([])).toBe('(none)');
    expect(changeValueText({ to: 11, from: 10 })).toBe('To: 11, From: 10');
    expect(changeValueText({ address: { city: 'Napa' }, tags: ['a', 'b'] })).toBe(
      'Address: (City: Napa), Tags: a; b',
    );
    for (const value of [{ id: 5, username: 'carol' }, [{ name: 'Cap', quantity: 1 }], { a: { b: 1 } }]) {
      expect(changeValueText(value)).not.toMatch(/[{}"[\]]/);
    }
  });

  it('names the target by its label, else its type and id', () => {
    expect(targetText({ type: 'user', id: '7', label: 'ann' })).toBe('User: ann');
    expect(targetText({ type: 'order', id: '12', label: null })).toBe('Order #12');
    expect(targetText({ type: 'order', id: '12', label: 'Order #12' })).toBe('Order #12');
    expect(targetText({ type: 'event', id: '4', label: 'Sunrise Walk' })).toBe('Event: Sunrise Walk');
  });

  it('lists the unreachable areas in a sentence', () => {
    expect(unreachableAreasText(['payments'])).toBe('Payments');
    expect(unreachableAreasText(['content-and-events', 'payments', 'catalog-and-orders'])).toBe(
      'Shop and orders, Payments, Events and newsletter',
    );
  });
});
