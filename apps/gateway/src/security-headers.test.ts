import { describe, expect, it } from 'vitest';
import { answerKind, resourceHeaders } from './security-headers';

describe('answerKind', () => {
  it('takes an HTML answer for a document, whatever its address, and anything else for a resource', () => {
    expect(answerKind(200, 'text/html; charset=utf-8')).toBe('document');
    expect(answerKind(404, 'text/html; charset=utf-8')).toBe('document');
    for (const type of [
      'application/json; charset=utf-8',
      'text/javascript',
      'image/svg+xml',
      'text/calendar',
      undefined,
    ])
      expect(answerKind(200, type), String(type)).toBe('resource');
  });

  it('leaves a 304 alone: the browser keeps the headers it stored with the page', () => {
    expect(answerKind(304, undefined)).toBe('not-modified');
  });
});

describe('resourceHeaders', () => {
  it('adds HSTS only behind https', () => {
    expect(resourceHeaders('http://localhost:3000')['strict-transport-security']).toBeUndefined();
    expect(resourceHeaders('https://jesuswalks.example')['strict-transport-security']).toContain('max-age=');
  });
});
