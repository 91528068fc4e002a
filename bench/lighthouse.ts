/**
 * Budget (ARCHITECTURE.md section 10): Lighthouse (mobile) performance, accessibility, best
 * practices and SEO each at least 95 on the home, shop and event pages.
 *
 *   pnpm build && pnpm bench:lighthouse      (LIGHTHOUSE_MIN to change the threshold)
 *
 * Runs the standalone site on a free port with a throw-away data directory, audits it with the
 * system Chromium (CHROMIUM_PATH, else /usr/bin/chromium) and exits 1 when a score is below budget.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@jesus-walks/service-kit/network';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { repositoryRoot } from './bench-database';
import { startProcess } from './processes';

const MIN = Number(process.env.LIGHTHOUSE_MIN ?? 95);
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

if (!existsSync(join(repositoryRoot, 'apps/web/dist/index.html'))) {
  console.error('Build the web app first: pnpm build');
  process.exit(1);
}

const port = await freePort();
const dataDir = await mkdtemp(join(tmpdir(), 'jesus-walks-lighthouse-'));
const base = `http://127.0.0.1:${port}`;
const site = await startProcess(
  'apps/standalone/src/main.ts',
  { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
  `${base}/health/ready`,
);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

let failed = false;
try {
  const events = (await (await fetch(`${base}/api/events`)).json()) as Array<{ id: number }>;
  const pages = { home: '/', shop: '/shop', event: `/events/${events[0]?.id ?? 1}` };
  const table: Record<string, Record<string, number>> = {};
  for (const [name, path] of Object.entries(pages)) {
    const result = await lighthouse(`${base}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...categories],
    });
    const scores: Record<string, number> = {};
    for (const category of categories) {
      scores[category] = Math.round((result?.lhr.categories[category]?.score ?? 0) * 100);
      if (scores[category] < MIN) failed = true;
    }
    table[`${name} (${path})`] = scores;
    for (const audit of Object.values(result?.lhr.audits ?? {})) {
      if (audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative') {
        const items = (audit.details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
        const detail = items
          .slice(0, 3)
          .map((item) => String(item.description ?? item.url ?? item.source ?? item.node ?? '').slice(0, 160))
          .filter(Boolean)
          .join(' | ');
        console.log(`  ${name}: ${audit.id} (${audit.displayValue ?? audit.score}) ${detail}`);
      }
    }
  }
  console.table(table);
  console.log(
    failed ? `Below budget: every score must be at least ${MIN}.` : `Within budget (at least ${MIN}).`,
  );
} finally {
  await chrome.kill();
  await site.stop();
  await rm(dataDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
