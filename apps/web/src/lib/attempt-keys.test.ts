import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { AttemptKeys } from './attempt-keys';

function keys() {
  let n = 0;
  return new AttemptKeys(() => `key-${++n}`);
}

describe('AttemptKeys', () => {
  it('reuses the key while the same request is retried', () => {
    const attempt = keys();
    expect(attempt.keyFor('a')).toBe('key-1');
    expect(attempt.keyFor('a')).toBe('key-1');
  });

  it('takes a new key when the request changes', () => {
    const attempt = keys();
    attempt.keyFor('a');
    expect(attempt.keyFor('b')).toBe('key-2');
  });

  it('keeps the key after a network failure or a server error, drops it after an answer', () => {
    const attempt = keys();
    attempt.keyFor('a');
    attempt.settle(new TypeError('Failed to fetch'));
    expect(attempt.keyFor('a')).toBe('key-1');
    attempt.settle(new ApiError(503, 'Service Unavailable', null));
    expect(attempt.keyFor('a')).toBe('key-1');
    attempt.settle(new ApiError(409, 'Conflict', null));
    expect(attempt.keyFor('a')).toBe('key-2');
    attempt.settle();
    expect(attempt.keyFor('a')).toBe('key-3');
  });
});
