import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { failureMessage, serverFieldErrors } from './server-errors';

const validation = new ApiError(400, 'Bad Request', {
  message: 'The request is not valid',
  code: 'validation_failed',
  issues: [
    { path: ['body', 'username'], message: 'Username must be at least 3 characters' },
    { path: ['body', 'username'], message: 'Second username issue' },
    { path: ['body', 'email'], message: 'Please enter a valid email address' },
    { path: ['body', 'other'], message: 'Not a form field' },
  ],
});

describe('failureMessage', () => {
  it('prefers the first validation issue', () => {
    expect(failureMessage(validation, 'Fallback')).toBe('Username must be at least 3 characters');
  });

  it('uses the server message otherwise', () => {
    const conflict = new ApiError(409, 'Conflict', { message: 'That username is taken', code: 'conflict' });
    expect(failureMessage(conflict, 'Fallback')).toBe('That username is taken');
  });

  it('falls back for an answer without a message, a network failure or anything else', () => {
    expect(failureMessage(new ApiError(502, 'Bad Gateway', '<html>'), 'Fallback')).toBe('Fallback');
    expect(failureMessage(new TypeError('Failed to fetch'), 'Fallback')).toBe('Fallback');
    expect(failureMessage(undefined, 'Fallback')).toBe('Fallback');
  });
});

describe('serverFieldErrors', () => {
  it("maps the body's issues to the form's fields, first message each", () => {
    expect(serverFieldErrors(validation, ['username', 'email', 'password'] as const)).toEqual({
      username: 'Username must be at least 3 characters',
      email: 'Please enter a valid email address',
    });
  });

  it('is empty for other errors', () => {
    expect(serverFieldErrors(new Error('x'), ['email'] as const)).toEqual({});
    expect(
      serverFieldErrors(new ApiError(409, 'Conflict', { message: 'Taken' }), ['email'] as const),
    ).toEqual({});
  });
});
