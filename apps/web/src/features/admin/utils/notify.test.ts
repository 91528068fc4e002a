import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { errorDescription } from './notify';

describe('errorDescription', () => {
  it("prefers the server's message", () => {
    const error = new ApiError(409, 'Conflict', { message: 'Username already taken', code: 'conflict' });
    expect(errorDescription(error, 'Failed to create user')).toBe('Username already taken');
  });

  it('falls back to the spec text otherwise', () => {
    expect(errorDescription(new ApiError(500, 'Internal Server Error', null), 'Failed to create user')).toBe(
      'Failed to create user',
    );
    expect(errorDescription(new TypeError('Failed to fetch'), 'Failed to delete order')).toBe(
      'Failed to delete order',
    );
  });
});
