import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject, onTestFinished } from 'vitest';
import { repositoryRoot } from './site';

const SYSTEM_CHROMIUM = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

interface ChromiumLaunch {
  executablePath: string;
  extraArgs: string[];
}

/**
 * The Chromium to drive: CHROMIUM_PATH, else the system's (Debian: `apt-get install chromium`),
 * else the build shipped inside the @sparticuz/chromium npm package (unpacked to the temp dir), so
 * that `pnpm test` also works on a machine with only Node and npm. Nothing is downloaded.
 */
export async function resolveChromium(): Promise<ChromiumLaunch> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return { executablePath: fromEnv, extraArgs: [] };
  const system = SYSTEM_CHROMIUM.find((candidate) => existsSync(candidate));
  if (system) return { executablePath: system, extraArgs: [] };
  const packaged = (await import('@sparticuz/chromium')).default;
  return { executablePath: await packaged.executablePath(), extraArgs: ['--no-zygote', '--single-process'] };
}

export const ARTIFACTS_DIR = join(repositoryRoot, 'e2e/artifacts');

export interface BrowserHarness {
  baseUrl: string;
  /** A fresh page (own context: no shared cookies or storage) at the given viewport width. */
  newPage(options?: { width?: number; height?: number }): Promise<Page>;
}

/**
 * One Chromium per spec file, with a fresh profile; a page per test, closed when the test ends.
 * When a test fails, a screenshot of each of its pages is kept in e2e/artifacts.
 */
export function useBrowser(options: { site?: () => string } = {}): BrowserHarness {
  let browser: Browser;
  // The shared site's address, or a spec's own site, known once its beforeAll has started it.
  const siteUrl = options.site ?? (() => inject('baseUrl'));

  beforeAll(async () => {
    // Playwright gives every launch a fresh, temporary profile (user data dir).
    const { executablePath, extraArgs } = await resolveChromium();
    browser = await chromium.launch({
      executablePath,
      args: [
        ...extraArgs,
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  });

  afterAll(async () => {
    await browser?.close();
  });

  return {
    get baseUrl() {
      return siteUrl();
    },
    async newPage(options = {}) {
      const context = await browser.newContext({
        baseURL: siteUrl(),
        viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
      });
      // The tests never reach past this machine: a provider's script (Google Pay's pay.js, Square's
      // SDK) is refused at once, as it would be offline, and the page must cope.
      await context.route(
        (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
        (route) => route.abort('internetdisconnected'),
      );
      const page = await context.newPage();
      // Each page lives as long as its test: one left open goes on running (its timers, its
      // animations, eight times over for a page whose CPU a test slowed down) and slowed every
      // later test of the file by seconds.
      onTestFinished(async ({ task }) => {
        if (task.result?.state === 'fail') {
          await mkdir(ARTIFACTS_DIR, { recursive: true });
          const name = task.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
          await page
            .screenshot({ path: join(ARTIFACTS_DIR, `${name}-${options.width ?? 1280}.png`), fullPage: true })
            .catch(() => {});
        }
        await context.close().catch(() => {});
      });
      return page;
    },
  };
}

/**
 * Waits until the app runs in the page. A rendered page is complete before its scripts, which
 * start once it has painted (apps/web/src/main.tsx), so a test that needs the app itself (a
 * navigation inside it, a loading state) waits for it: the header's buttons turn on then
 * (apps/web/src/components/ui/button.tsx).
 */
export async function appRunning(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('header button:not(:disabled)') !== null, null, {
    timeout: 15_000,
  });
}

export interface NetworkWatch {
  /** Resolves once no request of the page has been in flight for `quietMs`. */
  quiet(options?: { quietMs?: number; timeout?: number }): Promise<void>;
}

/**
 * Counts a page's requests from now on, so that a test can wait until what the page asked for
 * (its data, the app's modules, a lazy route) has come and been handled. Playwright's
 * 'networkidle' is the same wait with a fixed 500 ms of quiet, on which every-page's 124 visits
 * spent a minute; and it ends at the first quiet moment after the load event, even when the app,
 * which starts after the first paint, has not asked for its modules yet.
 */
export function watchNetwork(page: Page): NetworkWatch {
  const inFlight = new Set<unknown>();
  let lastChange = Date.now();
  page.on('request', (request) => {
    inFlight.add(request);
    lastChange = Date.now();
  });
  const ended = (request: unknown) => {
    inFlight.delete(request);
    lastChange = Date.now();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    async quiet({ quietMs = 150, timeout = 30_000 } = {}) {
      const deadline = Date.now() + timeout;
      while (inFlight.size > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > deadline)
          throw new Error(`${inFlight.size} requests still in flight after ${timeout} ms on ${page.url()}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}
