import type { SearchAnalytics } from '@jesus-walks/contracts/seo';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NEEDS_SEARCH_CONSOLE, QuickActions } from '../components/quick-actions';
import { SearchConsoleStatusCard } from '../components/search-console-status-card';
import { AnalyticsSection } from './seo-dashboard';

const analytics: SearchAnalytics = {
  metrics: { totalClicks: 1234, totalImpressions: 56789, avgCtr: 2.1731, avgPosition: 8.46 },
  topPages: [
    { keys: ['https://jesuswalks.example/events'], clicks: 300, impressions: 2000, position: 3.14 },
    { clicks: 2, impressions: 9, position: 12.06 },
  ],
  topQueries: [],
  periodDays: 30,
  daily: [
    { date: '2026-03-01', clicks: 10, impressions: 100 },
    { date: '2026-03-02', clicks: 20, impressions: 50 },
  ],
  fetchedAt: '2026-03-02T04:15:00.000Z',
};

describe('/admin/seo', () => {
  it("shows 'Connected' with the property, or 'Not Configured' with the server-side hint", () => {
    const connected = renderToStaticMarkup(
      <SearchConsoleStatusCard status={{ enabled: true, siteUrl: 'https://jesuswalks.example/' }} />,
    );
    expect(connected).toContain('Connected');
    expect(connected).toContain('Tracking: https://jesuswalks.example/');

    const missing = renderToStaticMarkup(
      <SearchConsoleStatusCard status={{ enabled: false, siteUrl: null }} />,
    );
    expect(missing).toContain('Not Configured');
    expect(missing).toContain('client email and private key');
    expect(missing).not.toContain('Tracking:');

    expect(renderToStaticMarkup(<SearchConsoleStatusCard status={undefined} pending />)).toContain(
      'Checking...',
    );
    const failed = renderToStaticMarkup(<SearchConsoleStatusCard status={undefined} />);
    expect(failed).not.toContain('Checking...');
    expect(failed).not.toContain('Connected');
  });

  it('asks for a refresh while nothing is stored', () => {
    for (const stored of [undefined, { ...analytics, fetchedAt: null }]) {
      const html = renderToStaticMarkup(<AnalyticsSection analytics={stored} />);
      expect(html).toContain('No metrics available. Click &quot;Refresh Data&quot; to load analytics.');
      expect(html).not.toContain('Total Clicks');
    }
  });

  it('shows the four metrics, the per-day chart, and the top pages with position to 1 decimal', () => {
    const html = renderToStaticMarkup(<AnalyticsSection analytics={analytics} />);
    expect(html).toContain('Total Clicks');
    expect(html).toContain('Last 30 days');
    expect(html).toContain('1,234');
    expect(html).toContain('Impressions');
    expect(html).toContain('56,789');
    expect(html).toContain('Average CTR');
    expect(html).toContain('2.17%');
    expect(html).toContain('Avg. Position');
    expect(html).toContain('#8.5');
    expect(html).toContain('Clicks and impressions per day');
    expect(html).toMatch(
      /data-chart="clicks"[^>]*>(<div[^>]*style="height:50%"[^>]*><\/div>)(<div[^>]*style="height:100%")/,
    );
    expect(html).toContain('Top Pages');
    expect(html).toContain('Top Queries');
    expect(html).toContain('https://jesuswalks.example/events');
    expect(html).toContain('>3.1<');
    expect(html).toContain('Unknown page');
    expect(html).toContain('>12.1<');
  });

  it("disables 'Submit Sitemap to Google' and 'Refresh Data' while Search Console is not configured, saying why", () => {
    const actions = (configured: boolean | undefined) =>
      renderToStaticMarkup(
        <QueryClientProvider client={new QueryClient()}>
          <QuickActions days={30} configured={configured} />
        </QueryClientProvider>,
      );
    const button = (html: string, label: string) =>
      new RegExp(`<button[^>]*>(?:(?!</button>).)*${label}</button>`).exec(html)?.[0] ?? '';
    // Every button is disabled until the page is hydrated (ui/button.tsx), looking enabled meanwhile;
    // one disabled for a reason stays disabled and looks it.
    const disabledForGood = (html: string) =>
      html.includes('disabled=""') && !html.includes('disabled:opacity-100');

    const off = actions(false);
    for (const label of ['Submit Sitemap to Google', 'Refresh Data']) {
      expect(disabledForGood(button(off, label)), label).toBe(true);
      expect(button(off, label), label).toContain('aria-describedby="quick-actions-not-configured"');
    }
    expect(off).toContain(
      `<p id="quick-actions-not-configured" class="text-sm text-muted-foreground">${NEEDS_SEARCH_CONSOLE.replace(/'/g, '&#x27;')}</p>`,
    );
    // 'View Sitemap' needs no Google: it stays a link.
    expect(off).toMatch(/<a[^>]*href="\/sitemap.xml"/);

    for (const configured of [true, undefined]) {
      const on = actions(configured);
      for (const label of ['Submit Sitemap to Google', 'Refresh Data']) {
        expect(disabledForGood(button(on, label)), label).toBe(false);
        expect(button(on, label), label).not.toContain('aria-describedby');
      }
      expect(on).not.toContain(NEEDS_SEARCH_CONSOLE);
    }
  });
});
