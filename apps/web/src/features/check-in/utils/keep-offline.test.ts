import { describe, expect, it } from 'vitest';
import { filesToKeep } from './keep-offline';

describe('filesToKeep', () => {
  it("keeps the site's own files once each, never what its code fetched or another origin's, and the page last", () => {
    const site = 'https://jesuswalks.example';
    const page = `${site}/lead/walks/7/check-in`;
    expect(
      filesToKeep(page, [
        { name: `${site}/assets/index-abc.js`, initiatorType: 'script' },
        { name: `${site}/lead/walks/7/list`, initiatorType: 'fetch' },
        { name: `${site}/assets/index-abc.css`, initiatorType: 'link' },
        { name: 'https://js.stripe.com/v3/', initiatorType: 'script' },
        { name: `${site}/assets/index-abc.js`, initiatorType: 'other' },
        { name: `${site}/favicon.svg`, initiatorType: 'other' },
        { name: `${site}/events.ics`, initiatorType: 'xmlhttprequest' },
        { name: page, initiatorType: 'navigation' },
      ]),
    ).toEqual([`${site}/assets/index-abc.js`, `${site}/assets/index-abc.css`, `${site}/favicon.svg`, page]);
  });
});
