import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { seriesFormDefaults, seriesServerErrors, toSeriesInput } from './series-form';

describe('the series dialog', () => {
  it("starts weekly on the template's weekday in the valley, the same week of the month, six walks", () => {
    // Saturday 2030-11-09 at 7:00 PST (15:00 UTC): the second Saturday of November.
    expect(seriesFormDefaults('2030-11-09T15:00:00.000Z')).toEqual({
      frequency: 'weekly',
      weekday: 'saturday',
      weekOfMonth: 'second',
      endKind: 'count',
      count: '6',
      until: '2030-12-28',
    });
    // 20:00 on Friday 2030-11-29 in the valley is already Saturday in UTC; the 29th is the last.
    expect(seriesFormDefaults('2030-11-30T04:00:00.000Z')).toMatchObject({
      weekday: 'friday',
      weekOfMonth: 'last',
    });
  });

  it('makes the body of a valid form, weekly or monthly', () => {
    const values = seriesFormDefaults('2030-11-09T15:00:00.000Z');
    expect(toSeriesInput(12, values)).toEqual({
      body: {
        templateEventId: 12,
        rule: { frequency: 'weekly', weekday: 'saturday' },
        end: { kind: 'count', count: 6 },
      },
      errors: null,
    });
    expect(toSeriesInput(12, { ...values, frequency: 'monthly', endKind: 'until' }).body).toEqual({
      templateEventId: 12,
      rule: { frequency: 'monthly', weekday: 'saturday', weekOfMonth: 'second' },
      end: { kind: 'until', until: '2030-12-28' },
    });
  });

  it("says what is wrong under the field, in the contract's words", () => {
    const values = seriesFormDefaults('2030-11-09T15:00:00.000Z');
    expect(toSeriesInput(12, { ...values, count: '60' }).errors).toEqual({
      'end.count': 'A series has between 2 and 52 walks',
    });
    expect(toSeriesInput(12, { ...values, count: '' }).errors).toEqual({
      'end.count': 'Number of walks must be a number',
    });
    expect(toSeriesInput(12, { ...values, endKind: 'until', until: '' }).errors).toEqual({
      'end.until': 'End date must be a date (YYYY-MM-DD)',
    });
  });

  it("puts the server's messages under the fields, and any other under the form", () => {
    const tooMany = new ApiError(400, 'Bad Request', {
      message: 'The request is not valid',
      code: 'validation_failed',
      issues: [{ path: ['body', 'end', 'until'], message: 'This end date gives more than 52 walks' }],
    });
    expect(seriesServerErrors(tooMany)).toEqual({ 'end.until': 'This end date gives more than 52 walks' });
    const gone = new ApiError(404, 'Not Found', { message: 'Event not found', code: 'not_found' });
    expect(seriesServerErrors(gone)).toEqual({ form: 'Event not found' });
    expect(seriesServerErrors(null)).toEqual({});
  });
});
