import type { Page } from 'playwright-core';

/**
 * Everything a page reports as wrong: uncaught errors (React's hydration errors among them: a
 * production build throws #418 when the browser's first render differs from the server's HTML)
 * and console errors. Requests the harness itself refuses (every host but this machine, see
 * browser.ts) are left out, as are responses a test names as expected (`expect(url)`): a page
 * about an unknown thing asks the API about it, and Chromium logs the answer's 404 as an error.
 */
export interface PageProblems {
  /** What was reported since the last `take()`, and starts afresh. */
  take(): string[];
  /** A response with this status from this path (and query) is what the page should get. */
  expect(pathAndQuery: string, status: number): void;
}

export function watchPageProblems(page: Page): PageProblems {
  const problems: string[] = [];
  const expected = new Set<string>();
  const local = (url: URL) => url.hostname === '127.0.0.1' || url.hostname === 'localhost';
  // Chromium logs a failed response as 'Failed to load resource: ... status of 404', without its
  // URL in the text: the console message's location names it.
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const source = message.location().url;
    if (source && /^Failed to load resource/.test(message.text())) {
      const url = new URL(source);
      if (!local(url)) return;
      const status = /status of (\d{3})/.exec(message.text())?.[1];
      if (status && expected.has(`${status} ${url.pathname}${url.search}`)) return;
      problems.push(`${message.text()} (${url.pathname}${url.search}) on ${page.url()}`);
      return;
    }
    problems.push(`console error on ${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught on ${page.url()}: ${error.message}`));
  return {
    take: () => problems.splice(0),
    expect: (pathAndQuery, status) => {
      expected.add(`${status} ${pathAndQuery}`);
    },
  };
}
