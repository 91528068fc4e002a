/**
 * Budget (ARCHITECTURE.md section 10, issue 12): Lighthouse (mobile) performance, accessibility,
 * best practices and SEO each at least 98 on the home, shop, events and an event page, the median
 * of 3 runs per page; and at most 150 KB (compressed, as transferred) of JavaScript loaded by the
 * home page before it is interactive. The AI assistant's page is audited too and shown, not budgeted.
 *
 *   pnpm build && pnpm bench:lighthouse      (LIGHTHOUSE_MIN, LIGHTHOUSE_RUNS to change them)
 *
 * Runs the standalone site on a free port with a throw-away data directory, audits it with the
 * system Chromium (CHROMIUM_PATH, else /usr/bin/chromium) and exits 1 when a score is below budget.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@jesus-walks/local-postgres/network';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { repositoryRoot } from './bench-database';
import { startProcess } from './processes';

const MIN = Number(process.env.LIGHTHOUSE_MIN ?? 98);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const HOME_SCRIPT_BUDGET_KB = 150;
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
  const pages = {
    home: '/',
    shop: '/shop',
    events: '/events',
    event: `/events/${events[0]?.id ?? 1}`,
    assistant: '/ai-assistant',
  };
  // The budget holds for the public pages of issue 12; the assistant's page is measured and shown.
  const budgeted = new Set(['home', 'shop', 'events', 'event']);
  const table: Record<string, Record<string, number>> = {};
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  for (const [name, path] of Object.entries(pages)) {
    const runs: Record<string, number>[] = [];
    let scriptKb = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const result = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...categories],
      });
      // A run Lighthouse could not finish scores 0: say why, rather than leave a bare 0.
      const runtimeError = result?.lhr.runtimeError;
      if (runtimeError)
        console.error(`  ${name} run ${run + 1}: ${runtimeError.code} ${runtimeError.message}`);
      const scores: Record<string, number> = {};
      for (const category of categories)
        scores[category] = Math.round((result?.lhr.categories[category]?.score ?? 0) * 100);
      runs.push(scores);
      // Scripts requested before the page was interactive, as transferred (gzipped).
      const tti = Number(result?.lhr.audits.interactive?.numericValue ?? Number.POSITIVE_INFINITY);
      const requests =
        (
          result?.lhr.audits['network-requests']?.details as
            | { items?: Array<Record<string, unknown>> }
            | undefined
        )?.items ?? [];
      scriptKb = Math.max(
        scriptKb,
        requests
          .filter((item) => item.resourceType === 'Script' && Number(item.networkRequestTime ?? 0) <= tti)
          .reduce((sum, item) => sum + Number(item.transferSize ?? 0), 0) / 1024,
      );
      if (run === RUNS - 1) {
        for (const audit of Object.values(result?.lhr.audits ?? {})) {
          if (audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative') {
            const items =
              (audit.details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
            const detail = items
              .slice(0, 3)
              .map((item) =>
                String(item.description ?? item.url ?? item.source ?? item.node ?? '').slice(0, 160),
              )
              .filter(Boolean)
              .join(' | ');
            console.log(`  ${name}: ${audit.id} (${audit.displayValue ?? audit.score}) ${detail}`);
          }
        }
      }
    }
    const scores: Record<string, number> = {};
    for (const category of categories) {
      scores[category] = median(runs.map((scoresOfRun) => scoresOfRun[category] ?? 0));
      if (budgeted.has(name) && scores[category] < MIN) failed = true;
    }
    scores['script KB'] = Math.round(scriptKb);
    if (name === 'home' && scriptKb > HOME_SCRIPT_BUDGET_KB) failed = true;
    table[`${name} (${path})`] = scores;
  }
  console.table(table);
  console.log(
    failed
      ? `Below budget: every median score must be at least ${MIN}, the home page's scripts at most ${HOME_SCRIPT_BUDGET_KB} KB.`
      : `Within budget (medians of ${RUNS} runs at least ${MIN}; home scripts at most ${HOME_SCRIPT_BUDGET_KB} KB).`,
  );
} finally {
  await chrome.kill();
  await site.stop();
  await rm(dataDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
