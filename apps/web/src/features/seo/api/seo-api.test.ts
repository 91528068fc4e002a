import { seoRoutes } from '@jesus-walks/contracts/seo';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/api-stubs';
import { getHeadCheck } from './get-head-check';
import { getSearchAnalytics } from './get-search-analytics';
import { getSearchConsoleStatus } from './get-search-console-status';
import { refreshSearchAnalytics } from './refresh-search-analytics';
import { submitSitemap } from './submit-sitemap';

afterEach(() => {
  vi.unstubAllGlobals();
});

const analytics = {
  metrics: { totalClicks: 12, totalImpressions: 300, avgCtr: 4, avgPosition: 7.25 },
  topPages: [{ keys: ['https://example.org/events'], clicks: 7, impressions: 90, position: 3.2 }],
  topQueries: [],
  periodDays: 30,
  daily: [{ date: '2026-03-01', clicks: 12, impressions: 300 }],
  fetchedAt: '2026-03-02T04:15:00.000Z',
};

describe('SEO dashboard calls (SPEC.md section 7, Admin)', () => {
  it('GET /api/seo/search-console/status', async () => {
    const fetchMock = stubFetch(jsonResponse({ enabled: true, siteUrl: 'https://example.org/' }));
    expect(await getSearchConsoleStatus()).toEqual({ enabled: true, siteUrl: 'https://example.org/' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe(seoRoutes.searchConsoleStatus.path);
  });

  it('GET /api/seo/search-console/analytics?days={n}', async () => {
    const fetchMock = stubFetch(jsonResponse(analytics));
    expect(await getSearchAnalytics(30)).toEqual(analytics);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`${seoRoutes.searchAnalytics.path}?days=30`);
  });

  it('POST refresh with the period', async () => {
    const fetchMock = stubFetch(jsonResponse(analytics));
    await refreshSearchAnalytics(30);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(seoRoutes.refreshAnalytics.path);
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"days":30}');
  });

  it("POST /api/seo/search-console/submit-sitemap answers the message; a refusal carries the server's reason", async () => {
    const fetchMock = stubFetch(
      jsonResponse({
        message: 'Sitemap submitted',
        sitemapUrl: 'https://example.org/sitemap.xml',
        submittedAt: '2026-03-02T00:00:00.000Z',
      }),
    );
    expect((await submitSitemap()).message).toBe('Sitemap submitted');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');

    stubFetch(
      jsonResponse(
        { message: 'Search Console is not configured', code: 'conflict' },
        { status: 409, statusText: 'Conflict' },
      ),
    );
    await expect(submitSitemap()).rejects.toMatchObject({
      message: 'HTTP 409: Conflict',
      serverMessage: 'Search Console is not configured',
    });
  });

  it('GET /api/seo/head-check', async () => {
    const fetchMock = stubFetch(jsonResponse({ checkedAt: '2026-03-02T00:00:00.000Z', pages: [] }));
    expect(await getHeadCheck()).toEqual({ checkedAt: '2026-03-02T00:00:00.000Z', pages: [] });
    expect(fetchMock.mock.calls[0]?.[0]).toBe(seoRoutes.headCheck.path);
  });
});
