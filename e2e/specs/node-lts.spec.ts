import { readFileSync, readlinkSync, realpathSync } from 'node:fs';
import { nodeLtsBinary, nodeLtsVersion } from '@jesus-walks/node-lts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../harness/browser';
import { addFromShop, fillCard, fillContact, toPaymentStep } from '../harness/checkout';
import { demoAdminBox } from '../harness/demo-admin';
import { watchPageProblems } from '../harness/page-problems';
import { type RunningSite, repositoryRoot, startSite } from '../harness/site';

// The site on the Node.js LTS the images run (infra/Dockerfile), while the rest of the suite runs
// on the machine's Node: the standalone starts on it, a checkout completes, and one page of each
// kind works in Chromium (a page rendered on the server, a page the app renders, the admin). A
// break on the supported LTS fails `pnpm test`.

let site: RunningSite;
/** The order the checkout made, which the administrator then finds. */
let orderNumber = 0;
const browser = useBrowser({ site: () => site.baseUrl });

beforeAll(async () => {
  site = await startSite({}, { nodeBinary: nodeLtsBinary });
}, 120_000);

afterAll(async () => {
  // A clean stop on this Node too.
  expect(await site?.stop()).toBe(0);
});

/** Every process of the site (the runner, each deployable), by the pid of the runner. */
function processTree(pid: number): number[] {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean);
  return [pid, ...children.flatMap((child) => processTree(Number(child)))];
}

describe(`the site on Node.js ${nodeLtsVersion}`, () => {
  it('runs every one of its processes on that Node', () => {
    const nodes = processTree(site.pid)
      .map((pid) => readlinkSync(`/proc/${pid}/exe`))
      .filter((executable) => executable.endsWith('/node'));
    // The runner, the gateway and the services.
    expect(nodes.length).toBe(3);
    expect(new Set(nodes)).toEqual(new Set([realpathSync(nodeLtsBinary)]));
    // The images' Node is the same major (infra/Dockerfile's NODE_IMAGE).
    const image = /^ARG NODE_IMAGE=node:(\d+)-/m.exec(
      readFileSync(`${repositoryRoot}/infra/Dockerfile`, 'utf8'),
    );
    expect(image?.[1]).toBe(nodeLtsVersion.split('.')[0]);
  });

  it('sells: from the shop to a paid order with the sandbox card, at 375 px', async () => {
    const page = await browser.newPage({ width: 375, height: 800 });
    const problems = watchPageProblems(page);
    await addFromShop(page, 'Merino Hiking Socks');
    await toPaymentStep(page);
    await fillContact(page, { fullName: 'Lydia Walker', email: 'lydia.walker@example.com' });
    await fillCard(page, '4242 4242 4242 4242');
    const pay = page.getByRole('button', { name: /^Pay \$\d+\.\d{2} with Stripe$/ });
    await pay.click();
    await page.waitForURL('**/order-confirmation', { timeout: 20_000 });
    await expect.poll(() => page.getByRole('heading', { name: 'Order Confirmed!' }).isVisible()).toBe(true);
    orderNumber = Number(/#\s*(\d+)/.exec((await page.locator('main').textContent()) ?? '')?.[1]);
    expect(orderNumber).toBeGreaterThan(0);
    expect(problems.take()).toEqual([]);
  });

  it('serves the walks rendered on the server, and an event page, at 1280 px', async () => {
    const page = await browser.newPage({ width: 1280 });
    const problems = watchPageProblems(page);
    await page.goto('/events');
    expect(await page.getByRole('heading', { level: 1, name: 'Our Events' }).isVisible()).toBe(true);
    await page.locator('a[href^="/events/"]').first().click();
    await page.waitForURL(/\/events\/\d+$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    expect(problems.take()).toEqual([]);
  });

  it('lets the administrator in: the dashboard lists the orders', async () => {
    const box = demoAdminBox(site.output());
    expect(box, 'the demo administrator box').not.toBeNull();
    const page = await browser.newPage({ width: 1280 });
    const problems = watchPageProblems(page);
    await page.goto('/login');
    await page.getByLabel('Username', { exact: true }).fill(box?.username ?? '');
    await page.getByLabel('Password', { exact: true }).fill(box?.password ?? '');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect
      .poll(() => page.getByRole('banner').getByRole('button', { name: 'Logout' }).isVisible())
      .toBe(true);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Orders', exact: true }).click();
    await expect
      .poll(() => page.getByRole('button', { name: `View order ${orderNumber}` }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(problems.take()).toEqual([]);
  });
});
