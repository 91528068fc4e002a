import { describe, expect, it } from 'vitest';
import { filesToKeep } from './keep-offline';

describe('filesToKeep', () => {
  it("keeps the site's own files once each, never the API or another origin, and the page last", () => {
    const page = 'https://jesuswalks.example/lead/walks/7/check-in';
    expect(
      filesToKeep(page, [
        'https://jesuswalks.example/assets/index-abc.js',
        'https://jesuswalks.example/api/leader/walks/7/check-in',
        'https://jesuswalks.example/assets/index-abc.css',
        'https://js.stripe.com/v3/',
        'https://jesuswalks.example/assets/index-abc.js',
        'https://jesuswalks.example/favicon.svg',
        page,
      ]),
    ).toEqual([
      'https://jesuswalks.example/assets/index-abc.js',
      'https://jesuswalks.example/assets/index-abc.css',
      'https://jesuswalks.example/favicon.svg',
      page,
    ]);
  });
});
