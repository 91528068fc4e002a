import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appRunning, useBrowser, watchNetwork } from '../harness/browser';

// Public pages arrive rendered (docs/decisions/019-server-rendering.md): the HTML as sent, read
// without running any script, carries the page's content and its complete head; in Chromium the
// page then hydrates without a warning and without moving.

const site = useBrowser();

interface EventSummary {
  id: number;
  title: string;
  location: string;
  isPast: boolean;
  isCancelled: boolean;
  seriesId: number | null;
}

interface ProductSummary {
  id: number;
  name: string;
}

async function html(path: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${site.baseUrl}${path}`);
  return { status: response.status, text: await response.text() };
}

/** The document's head and the root element's content, as text. */
function parts(text: string): { head: string; root: string } {
  const head = text.slice(text.indexOf('<head>'), text.indexOf('</head>'));
  const rootAt = text.indexOf('<div id="root">');
  return { head, root: text.slice(rootAt, text.indexOf('<script type="application/json" id="page-state"')) };
}

/**
 * A page as sent, with the API answer it shows (`read`, e.g. the upcoming walks) as it was both
 * just before and just after: other spec files add, edit and cancel walks and products meanwhile, so
 * a page is compared with an answer only when nothing changed while it was fetched.
 */
async function htmlWith<T>(
  path: string,
  read: () => Promise<T>,
): Promise<{ page: { status: number; text: string }; data: T }> {
  let result: { page: { status: number; text: string }; data: T } | undefined;
  await expect
    .poll(
      async () => {
        const before = await read();
        const page = await html(path);
        const after = await read();
        result = { page, data: after };
        return JSON.stringify(before) === JSON.stringify(after);
      },
      { message: `${path}: what it shows unchanged while it was fetched`, timeout: 30_000 },
    )
    .toBe(true);
  return result as { page: { status: number; text: string }; data: T };
}

function attribute(head: string, selector: RegExp): string | undefined {
  return selector.exec(head)?.[1];
}

const decode = (value: string | undefined) =>
  value?.replaceAll('&amp;', '&').replaceAll('&#x27;', "'").replaceAll('&quot;', '"');

/** The JSON-LD objects of a page (anywhere in the document). */
function structuredData(text: string): Record<string, unknown>[] {
  return [...text.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '{}') as Record<string, unknown>,
  );
}

type Thing = Record<string, unknown>;
const isUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\//.test(value);
const SCHEMA = 'https://schema.org/';

/**
 * The schema.org properties search engines require of each type we publish (Google's structured
 * data guidelines for Organization, Event, Product and ItemList): a missing or malformed one is a
 * failure naming it.
 */
function schemaProblems(thing: Thing, path = thing['@type'] as string): string[] {
  const problems: string[] = [];
  const need = (condition: boolean, what: string) => {
    if (!condition) problems.push(`${path}: ${what}`);
  };
  const offer = (value: unknown, where: string) => {
    const o = (value ?? {}) as Thing;
    need(o['@type'] === 'Offer', `${where} is an Offer`);
    need(typeof o.price === 'string' && /^\d+\.\d{2}$/.test(o.price), `${where}.price as 0.00`);
    need(o.priceCurrency === 'USD', `${where}.priceCurrency`);
    need(
      typeof o.availability === 'string' && o.availability.startsWith(SCHEMA),
      `${where}.availability is a schema.org ItemAvailability`,
    );
  };
  switch (thing['@type']) {
    case 'Organization': {
      need(typeof thing.name === 'string' && thing.name !== '', 'name');
      need(isUrl(thing.url), 'url');
      need(isUrl(thing.logo), 'logo');
      const address = (thing.address ?? {}) as Thing;
      need(address['@type'] === 'PostalAddress', 'address is a PostalAddress');
      need(address.addressLocality === 'Napa' && address.addressRegion === 'CA', 'address Napa, CA');
      break;
    }
    case 'Event': {
      need(typeof thing.name === 'string' && thing.name !== '', 'name');
      need(typeof thing.startDate === 'string' && !Number.isNaN(Date.parse(thing.startDate)), 'startDate');
      const location = (thing.location ?? {}) as Thing;
      need(location['@type'] === 'Place' && typeof location.address === 'string', 'location is a Place');
      need(
        typeof thing.eventStatus === 'string' && thing.eventStatus.startsWith(SCHEMA),
        'eventStatus is a schema.org EventStatusType',
      );
      need(isUrl(thing.url), 'url');
      offer(thing.offers, 'offers');
      break;
    }
    case 'ItemList': {
      const items = thing.itemListElement;
      need(Array.isArray(items) && items.length > 0, 'itemListElement');
      for (const [index, element] of (Array.isArray(items) ? items : []).entries()) {
        const item = ((element as Thing).item ?? {}) as Thing;
        need((element as Thing).position === index + 1, `itemListElement[${index}].position`);
        need(item['@type'] === 'Product', `itemListElement[${index}].item is a Product`);
        need(typeof item.name === 'string' && item.name !== '', `itemListElement[${index}].item.name`);
        offer(item.offers, `itemListElement[${index}].item.offers`);
      }
      break;
    }
    default:
      problems.push(`${path}: unexpected type`);
  }
  if (thing['@context'] !== 'https://schema.org') problems.push(`${path}: @context`);
  return problems;
}

function expectCompleteHead(head: string, { title, path }: { title: string; path: string }) {
  expect(decode(/<title>([^<]*)<\/title>/.exec(head)?.[1])).toBe(title);
  expect(head.match(/<title>/g)).toHaveLength(1);
  expect(attribute(head, /<meta name="description" content="([^"]+)"/)?.length).toBeGreaterThan(20);
  expect(attribute(head, /<link rel="canonical" href="([^"]+)"/)).toBe(`${site.baseUrl}${path}`);
  expect(decode(attribute(head, /<meta property="og:title" content="([^"]+)"/))).toBe(title);
  expect(attribute(head, /<meta property="og:url" content="([^"]+)"/)).toBe(`${site.baseUrl}${path}`);
  expect(attribute(head, /<meta property="og:image" content="([^"]+)"/)).toMatch(/^http/);
  expect(attribute(head, /<meta name="twitter:card" content="([^"]+)"/)).toBe('summary_large_image');
  expect(head).not.toContain('noindex');
}

describe('pages arrive rendered', () => {
  it('the home page: hero, sections, the upcoming events, and the Organization', async () => {
    const events = (await (await fetch(`${site.baseUrl}/api/events`)).json()) as EventSummary[];
    const next = events.find((event) => !event.isPast && !event.isCancelled);
    const { status, text } = await html('/');
    expect(status).toBe(200);
    const { head, root } = parts(text);
    expectCompleteHead(head, { title: 'Jesus Walks | Faith-Based Guided Hikes in Napa Valley', path: '/' });
    expect(root).toContain('Upcoming Events');
    expect(root).toContain('Why Join Us');
    expect(decode(root)).toContain(next?.title);
    expect(root).toMatch(/href="\/events\/\d+"/);
    const data = structuredData(text);
    expect(data.map((thing) => thing['@type'])).toEqual(['Organization']);
    expect(data.flatMap((thing) => schemaProblems(thing))).toEqual([]);
  });

  it('the events page: every upcoming event, each as a schema.org Event', async () => {
    const upcomingEvents = async () =>
      ((await (await fetch(`${site.baseUrl}/api/events`)).json()) as EventSummary[])
        .filter((event) => !event.isPast && !event.isCancelled)
        .map(({ id, title }) => ({ id, title }));
    const {
      page: { status, text },
      data: upcoming,
    } = await htmlWith('/events', upcomingEvents);
    expect(upcoming.length).toBeGreaterThan(0);
    expect(status).toBe(200);
    const { head, root } = parts(text);
    expectCompleteHead(head, { title: 'Our Events', path: '/events' });
    for (const event of upcoming) expect(root).toContain(`href="/events/${event.id}"`);
    const data = structuredData(text);
    expect(data.map((thing) => thing.name).sort()).toEqual(upcoming.map((event) => event.title).sort());
    expect(data.flatMap((thing) => schemaProblems(thing))).toEqual([]);
  });

  it("an event's page: its details, its Event with place, date, price and availability; an unknown one is a 404", async () => {
    const events = (await (await fetch(`${site.baseUrl}/api/events`)).json()) as EventSummary[];
    // A walk of its own (a series' walks add their date to the title).
    const event = events.find(
      (candidate) => !candidate.isPast && !candidate.isCancelled && candidate.seriesId === null,
    ) as EventSummary;
    const { status, text } = await html(`/events/${event.id}`);
    expect(status).toBe(200);
    const { head, root } = parts(text);
    expectCompleteHead(head, { title: `${event.title} | Jesus Walks`, path: `/events/${event.id}` });
    expect(decode(root)).toContain(event.location);
    expect(root).toContain('Meeting point');
    const [data] = structuredData(text);
    expect(data).toMatchObject({
      '@type': 'Event',
      name: event.title,
      url: `${site.baseUrl}/events/${event.id}`,
    });
    expect(schemaProblems(data as Thing)).toEqual([]);

    const missing = await html('/events/987654');
    expect(missing.status).toBe(404);
    expect(parts(missing.text).root).toContain('Event not found');
    expect(parts(missing.text).head).toContain('<meta name="robots" content="noindex"/>');
  });

  it('the shop: its products, as Products with offers and availability', async () => {
    const {
      page: { status, text },
      data: products,
    } = await htmlWith('/shop', async () =>
      ((await (await fetch(`${site.baseUrl}/api/products`)).json()) as ProductSummary[]).map(
        ({ id, name }) => ({ id, name }),
      ),
    );
    expect(status).toBe(200);
    const { head, root } = parts(text);
    expectCompleteHead(head, { title: 'Shop', path: '/shop' });
    for (const product of products.slice(0, 5)) expect(decode(root)).toContain(product.name);
    const [list] = structuredData(text);
    expect(list?.['@type']).toBe('ItemList');
    expect(list?.itemListElement).toHaveLength(products.length);
    expect(schemaProblems(list as Thing)).toEqual([]);
  });

  it('a form the server renders cannot be submitted before the page runs (no password in a URL)', async () => {
    for (const path of ['/login', '/register', '/forgot-password']) {
      const { root } = parts((await html(path)).text);
      const submit = /<button[^>]*type="submit"[^>]*>/.exec(root)?.[0];
      expect(submit, path).toBeDefined();
      expect(submit, path).toContain('disabled=""');
    }
    const page = await site.newPage({ width: 1280 });
    await page.goto('/login');
    // Once the app has hydrated, which a busy machine may take a few seconds to do.
    await expect
      .poll(() => page.getByRole('button', { name: 'Login', exact: true }).isEnabled(), { timeout: 10_000 })
      .toBe(true);
  });

  it('a link clicked while the page is still hydrating on a slow device is followed', async () => {
    // Hydrating in a transition once swallowed such clicks; a CPU eight times slower widens the window.
    for (let attempt = 0; attempt < 3; attempt++) {
      const page = await site.newPage({ width: 1280 });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
      await page.goto('/events', { waitUntil: 'commit' });
      const link = page.getByRole('link', { name: /^(Register|Join the waitlist)/ }).first();
      const href = await link.getAttribute('href');
      await link.click();
      await page.waitForURL(`**${href}`, { timeout: 15_000 });
      // A slowed page left running would slow the next attempt.
      await page.context().close();
    }
  });

  it("the app's code is asked for once the page has painted; a reader who scrolled meanwhile stays put", async () => {
    const page = await site.newPage({ width: 375, height: 700 });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/start-*.js', async (route) => {
      await held;
      await route.continue();
    });
    // When the browser first renders a frame with the page's content. (The first-contentful-paint
    // entry is when that frame reached the screen, a little later, so it cannot order the requests.)
    await page.addInitScript(() => {
      const watch = () =>
        requestAnimationFrame(() => {
          if (document.getElementById('root')?.hasChildNodes())
            (window as unknown as { contentFrameAt: number }).contentFrameAt = performance.now();
          else watch();
        });
      watch();
    });
    await page.goto('/events');
    // Readable and scrollable without the app.
    await expect.poll(() => page.getByRole('heading', { name: 'Upcoming walks' }).isVisible()).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 900));
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(500);
    release();
    await appRunning(page);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    const timing = await page.evaluate(() => {
      const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src;
      return {
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        contentFrameAt: (window as unknown as { contentFrameAt?: number }).contentFrameAt ?? null,
        entryStart: performance.getEntriesByName(entry ?? '')[0]?.startTime ?? null,
        scripts: performance
          .getEntriesByType('resource')
          .filter((resource) => resource.name.endsWith('.js') && resource.name !== entry)
          .map((resource) => ({ url: resource.name, start: resource.startTime })),
      };
    });
    expect(timing.paint).not.toBeNull();
    expect(timing.contentFrameAt).not.toBeNull();
    // What the head asks for is requested before that frame: the entry, and the app's modules when
    // they were head links.
    expect(timing.entryStart).not.toBeNull();
    expect(timing.entryStart).toBeLessThan(timing.contentFrameAt ?? 0);
    expect(timing.scripts.length).toBeGreaterThan(3);
    for (const script of timing.scripts)
      expect(script.start, script.url).toBeGreaterThan(timing.contentFrameAt ?? Number.POSITIVE_INFINITY);
  });

  it('a page paints from the CSS it inlines exactly as from the whole stylesheet, which it links at its end', async () => {
    const events = (await (await fetch(`${site.baseUrl}/api/events`)).json()) as EventSummary[];
    const event = events.find((candidate) => !candidate.isPast && !candidate.isCancelled) as EventSummary;
    const { text } = await html('/shop');
    expect(text).toMatch(/<link rel="stylesheet"[^>]*href="\/assets\/[^"]+\.css"><\/body>/);
    const inlined = /<style>([\s\S]*?)<\/style>/.exec(parts(text).head)?.[1] ?? '';
    expect(inlined.length).toBeGreaterThan(5_000);
    // As the page paints before anything else arrives (without its scripts), with and without the
    // stylesheet: every element's box and every computed style property (animations held at their
    // start), compared as one line per element in the page; the differing element in full.
    const browse = async (width: number, stylesheet: boolean) => {
      const page = await site.newPage({ width, height: 900 });
      await page.route('**/assets/**', (route) => {
        const url = route.request().url();
        return url.endsWith('.js') || (!stylesheet && url.endsWith('.css'))
          ? route.abort()
          : route.continue();
      });
      return page;
    };
    const opened = async (page: Page, path: string) => {
      await page.goto(path, { waitUntil: 'load' });
      const styles = await page.evaluate(() => {
        for (const animation of document.getAnimations()) {
          animation.pause();
          animation.currentTime = 0;
        }
        const loaded = Array.from(document.styleSheets).filter((sheet) => {
          try {
            return sheet.cssRules.length > 0;
          } catch {
            return false; // one that did not load
          }
        });
        const lines = Array.from(document.body.querySelectorAll('*')).map((element) => {
          const style = getComputedStyle(element);
          const box = element.getBoundingClientRect();
          // Custom properties aside: what they change shows in the properties that use them.
          const values = Array.from(style)
            .filter((property) => !property.startsWith('--'))
            .map((property) => `${property}:${style.getPropertyValue(property)}`);
          return `${element.tagName} ${[box.x, box.y, box.width, box.height].join(' ')} ${values.join(';')}`;
        });
        (window as unknown as { styleLines: string[] }).styleLines = lines;
        // Each line's FNV-1a hash: the lines themselves are megabytes.
        const hashes = lines.map((line) => {
          let hash = 0x811c9dc5;
          for (let i = 0; i < line.length; i++) hash = Math.imul(hash ^ line.charCodeAt(i), 0x01000193);
          return hash >>> 0;
        });
        // What was sent, to tell two loads of one content from loads either side of a change.
        return { sheets: loaded.length, hashes, content: document.body.innerHTML };
      });
      const lineAt = (index: number) =>
        page.evaluate((at) => {
          const element = document.body.querySelectorAll('*')[at];
          const line = (window as unknown as { styleLines: string[] }).styleLines[at] ?? '';
          return { element: element?.outerHTML.slice(0, 300), values: line.split(';') };
        }, index);
      return { lineAt, ...styles };
    };
    for (const width of [375, 1280]) {
      const [withoutStylesheet, withStylesheet] = await Promise.all([
        browse(width, false),
        browse(width, true),
      ]);
      for (const path of ['/', '/shop', '/events', `/events/${event.id}`]) {
        // Both must show the same content: other spec files change the walks' seats and the shop's
        // stock meanwhile ('Only 3 left'), and a page loaded either side of such a change is
        // another page. Such a pair is loaded again.
        let pair: [Awaited<ReturnType<typeof opened>>, Awaited<ReturnType<typeof opened>>] | undefined;
        await expect
          .poll(
            async () => {
              pair = await Promise.all([opened(withoutStylesheet, path), opened(withStylesheet, path)]);
              return pair[0].content === pair[1].content;
            },
            { message: `${path} at ${width} px: the same content in both`, timeout: 20_000 },
          )
          .toBe(true);
        const [inlinedOnly, whole] = pair as NonNullable<typeof pair>;
        expect([inlinedOnly.sheets, whole.sheets]).toEqual([1, 2]);
        expect(inlinedOnly.hashes.length).toBeGreaterThan(50);
        expect(inlinedOnly.hashes.length, `${path} at ${width} px`).toBe(whole.hashes.length);
        const differing = inlinedOnly.hashes.findIndex((hash, index) => hash !== whole.hashes[index]);
        if (differing !== -1) {
          const [mine, theirs] = await Promise.all([inlinedOnly.lineAt(differing), whole.lineAt(differing)]);
          expect(mine.values, `${path} at ${width} px: ${mine.element}`).toEqual(theirs.values);
        }
      }
    }
  });

  it('account and test pages are noindex; unknown paths are 404 with the 404 page', async () => {
    for (const path of ['/login', '/register', '/forgot-password', '/payment-test', '/test-deploy']) {
      const { status, text } = await html(path);
      expect(status, path).toBe(200);
      expect(parts(text).head, path).toContain('<meta name="robots" content="noindex"/>');
      expect(parts(text).root, path).not.toBe('<div id="root"></div>');
    }
    const unknown = await html('/no-such-page-here');
    expect(unknown.status).toBe(404);
    expect(parts(unknown.text).head).toContain('<title>404 Page Not Found</title>');
  });

  it("the home page's scripts: precompressed, without Zod, at most 150 KB as transferred", async () => {
    const page = await site.newPage({ width: 375, height: 800 });
    const scripts: Promise<{
      url: string;
      encoding: string | null | undefined;
      bytes: number;
      zod: boolean;
    }>[] = [];
    const onFinished = (request: Request) => {
      if (request.resourceType() !== 'script') return;
      scripts.push(
        (async () => {
          const response = await request.response();
          const sizes = await request.sizes();
          const body = (await response?.text()) ?? '';
          return {
            url: new URL(request.url()).pathname,
            encoding: await response?.headerValue('content-encoding'),
            bytes: sizes.responseBodySize + sizes.responseHeadersSize,
            // Zod's classes carry their names as text ($ZodType, ZodError...) in any build.
            zod: body.includes('$ZodType'),
          };
        })(),
      );
    };
    page.on('requestfinished', onFinished);
    const network = watchNetwork(page);
    await page.goto('/', { waitUntil: 'load' });
    // Every script the page needs has come once the app runs and has asked for nothing more.
    await appRunning(page);
    await network.quiet();
    // Nothing counted after this: a script finishing later would read its body after the page has
    // closed, a rejection nobody awaits (it failed a whole run on a slow machine).
    page.off('requestfinished', onFinished);
    const loaded = await Promise.all(scripts);
    expect(loaded.length).toBeGreaterThan(3);
    // The contracts' schemas come with the first API request; the home page hydrates from the data
    // it was rendered with and makes none.
    expect(loaded.filter((script) => script.zod).map((script) => script.url)).toEqual([]);
    for (const script of loaded.filter((item) => item.bytes > 2048))
      expect(script.encoding, script.url).toBe('br');
    const kilobytes = loaded.reduce((sum, script) => sum + script.bytes, 0) / 1024;
    expect(kilobytes).toBeLessThanOrEqual(150);
  });

  it('a slow device paints a rendered page whole: nothing moves while the rest of it is parsed', async () => {
    // A CPU eight times slower parses the document in slices, and Chromium would paint between
    // them: the home page's hero, centred, moved up as its last lines arrived (a shift of 0.01-0.03).
    // The head's <link rel="expect" href="#page-state" blocking="render"> holds the first paint
    // until the root's content is parsed.
    for (const width of [375, 1280]) {
      const page = await site.newPage({ width, height: 900 });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
      // The page as parsed and painted, without the app: what hydration changes is the next test's.
      await page.route('**/assets/start-*.js', (route) => route.abort());
      await page.addInitScript(() => {
        const shifts: string[] = [];
        (window as unknown as { shifts: string[] }).shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            sources?: { node?: Node | null }[];
          })[]) {
            const moved = (entry.sources ?? []).map((source) => source.node?.nodeName ?? '?').join(' ');
            shifts.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${moved}`);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto('/', { waitUntil: 'load' });
      await page.waitForTimeout(300);
      const shifts = await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts);
      expect(shifts, `at ${width} px`).toEqual([]);
      expect(await page.locator('link[rel="expect"][blocking="render"]').getAttribute('href')).toBe(
        '#page-state',
      );
    }
  });

  it.each([375, 1280])('hydrates at %i px without a warning, an error or a layout shift', async (width) => {
    const events = (await (await fetch(`${site.baseUrl}/api/events`)).json()) as EventSummary[];
    const page = await site.newPage({ width, height: 900 });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) apiCalls.push(url.pathname);
    });
    const network = watchNetwork(page);
    for (const path of ['/', '/events', `/events/${events[0]?.id}`, '/shop', '/ai-assistant']) {
      apiCalls.length = 0;
      await page.goto(path, { waitUntil: 'load' });
      await appRunning(page);
      await network.quiet();
      const shift = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let total = 0;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as (PerformanceEntry & {
                value: number;
                hadRecentInput: boolean;
              })[])
                if (!entry.hadRecentInput) total += entry.value;
            }).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => resolve(total), 300);
          }),
      );
      expect(shift, `layout shift on ${path}`).toBeLessThan(0.01);
      // The data came with the page: the events list is not asked for again.
      if (path === '/' || path === '/events') expect(apiCalls, path).not.toContain('/api/events');
      expect(await page.locator('head title').count(), path).toBe(1);
    }
    // Moving on in the app keeps one, current head.
    await page.getByRole('link', { name: 'Shop' }).first().click();
    await expect.poll(() => page.title()).toBe('Shop');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${site.baseUrl}/shop`);
    expect(await page.locator('head title').count()).toBe(1);
    expect(problems).toEqual([]);
  });
});
