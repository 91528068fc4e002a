import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../harness/browser';
import { demoAdmin } from '../harness/demo-admin';

// The admin dashboard as a visitor, a member and the demo administrator see it. The
// administrator's password is the one the site printed at its first start, which no spec changes
// on the shared site (harness/demo-admin.ts): the password changed here is another admin's.

const site = useBrowser();
const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** The demo administrator, logged in through the API (harness/demo-admin.ts). */
const adminCredentials = () => demoAdmin(site.baseUrl);

function toastWith(page: Page, text: string): Locator {
  return page
    .getByRole('region', { name: /notifications/i })
    .locator('li')
    .filter({ hasText: text });
}

async function expectToast(page: Page, title: string, description: string): Promise<void> {
  const toast = toastWith(page, description);
  await expect
    .poll(() => toast.isVisible(), { message: `toast '${description}'`, timeout: 10_000 })
    .toBe(true);
  expect(await toast.textContent()).toContain(title);
}

async function visible(locator: Locator, message: string, timeout = 10_000): Promise<void> {
  await expect.poll(() => locator.isVisible(), { message, timeout }).toBe(true);
}

async function gone(locator: Locator, message: string): Promise<void> {
  await expect.poll(() => locator.count(), { message, timeout: 10_000 }).toBe(0);
}

async function logIn(
  page: Page,
  { username, password }: { username: string; password: string },
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect
    .poll(() => page.getByRole('tab', { name, exact: true }).getAttribute('aria-selected'))
    .toBe('true');
}

/**
 * The Orders tab narrowed to one order by its search ('#12'), once the list shows only it: the
 * list is paged, newest first, and other spec files place orders on the shared site meanwhile,
 * which would push an order off the first page.
 */
async function searchOrder(page: Page, orderId: number): Promise<void> {
  await page.getByLabel('Search', { exact: true }).fill(`#${orderId}`);
  await expect
    .poll(() =>
      page
        .locator('tr[data-order], li[data-order-card]')
        .evaluateAll((items) => [
          ...new Set(
            items.map((item) => item.getAttribute('data-order') ?? item.getAttribute('data-order-card')),
          ),
        ]),
    )
    .toEqual([String(orderId)]);
}

async function pageScrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/** The actions the Activity tab lists for entries whose summary or target names `words`. */
async function activityAbout(page: Page, words: string): Promise<string[]> {
  await page.getByLabel('Words', { exact: true }).fill(words);
  const entries = page.getByRole('list', { name: 'Activity, newest first' }).locator('li[data-activity]');
  // One snapshot of the list, checked and answered as it was: read twice, the list could re-render
  // in between (the search's own refetch) and be empty the second time.
  let actions: string[] = [];
  await expect
    .poll(
      async () => {
        const items = await entries.evaluateAll((nodes) =>
          nodes.map((node) => ({
            action: node.getAttribute('data-activity') ?? '',
            text: node.textContent ?? '',
          })),
        );
        actions = items.map((item) => item.action);
        return items.length > 0 && items.every((item) => item.text.includes(words));
      },
      { message: `activity about ${words}`, timeout: 10_000 },
    )
    .toBe(true);
  return actions;
}

async function fetchJson<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => (await fetch(url)).json(), path) as Promise<T>;
}

describe('admin dashboard', () => {
  it("asks a visitor to log in: 'Please Log In'", async () => {
    const page = await site.newPage({ width: 1280 });
    await page.goto('/admin');
    await visible(page.getByRole('heading', { name: 'Please Log In', level: 1 }), 'Please Log In');
    expect(await page.locator('h1').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Log In' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Admin Dashboard' }).count()).toBe(0);
  });

  it("denies a member: 'Access Denied - You don't have admin privileges.'", async () => {
    const page = await site.newPage({ width: 1280 });
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET') requests.push(new URL(request.url()).pathname);
    });
    await page.goto('/register');
    await page.getByLabel('Username', { exact: true }).fill(`member_${suffix}`);
    await page.getByLabel('Email', { exact: true }).fill(`member.${suffix}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('member-Pass-1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/admin');
    await visible(
      page.getByRole('heading', { name: "Access Denied - You don't have admin privileges." }),
      'Access Denied',
    );
    await page.getByRole('link', { name: 'Go Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // The admin lists are asked for only by an admin.
    expect(requests.filter((path) => path === '/api/users' || path === '/api/orders')).toEqual([]);
  });

  it('lets the administrator manage products, users and orders', async () => {
    const admin = await adminCredentials();
    const page = await site.newPage({ width: 1280, height: 900 });
    await logIn(page, admin);
    await page.waitForURL((url) => url.pathname === '/admin', { timeout: 10_000 });
    await visible(page.getByRole('heading', { name: 'Admin Dashboard' }), 'Admin Dashboard');
    expect(await page.getByText(`Welcome, ${admin.username}`).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'SEO Dashboard' }).getAttribute('href')).toBe('/admin/seo');

    // Overview: the four stats, revenue in dollars with 2 decimals.
    for (const label of ['Total Users', 'Total Orders', 'Total Products', 'Revenue']) {
      await visible(page.getByRole('heading', { name: label, exact: true }), label);
    }
    await expect.poll(() => page.locator('[data-stat="Revenue"]').textContent()).toMatch(/^\$\d+\.\d{2}$/);

    // Products: a test product, edited.
    await openTab(page, 'Products');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('products');
    await visible(page.getByRole('columnheader', { name: 'Category' }), 'products table');
    await page.getByRole('button', { name: 'Create Test Product' }).click();
    await expectToast(page, 'Success', 'Test product created successfully');
    const products = await fetchJson<Array<{ id: number; name: string; isTest?: boolean }>>(
      page,
      '/api/products?includeTest=true',
    );
    const testProduct = products.filter((product) => product.name.startsWith('Test Product')).at(-1);
    expect(testProduct?.isTest).toBe(true);
    // Only admins see it: not in the shop's list, not on its own, not in the sitemap.
    const shopList = (await (await fetch(`${site.baseUrl}/api/products`)).json()) as Array<{ id: number }>;
    expect(shopList.map((product) => product.id)).not.toContain(testProduct?.id);
    expect((await fetch(`${site.baseUrl}/api/products/${testProduct?.id}`)).status).toBe(404);
    await visible(
      page.locator(`tr[data-product="${testProduct?.id}"]`).getByText('Test product', { exact: true }),
      'test product marked',
    );
    const productName = `Admin Trail Cap ${suffix}`;
    await page.getByRole('button', { name: `Edit ${testProduct?.name}`, exact: true }).click();
    const productForm = page.getByRole('form', { name: 'Edit Product' });
    await visible(productForm, 'edit product form');
    await productForm.getByLabel('Name', { exact: true }).fill(productName);
    await productForm.getByLabel('Price', { exact: true }).fill('12.34');
    await productForm.getByLabel('Stock', { exact: true }).fill('10');
    await productForm.getByLabel('Image URL', { exact: true }).fill('');
    await productForm.getByRole('button', { name: 'Update Product' }).click();
    await visible(productForm.getByText('Image URL is required'), 'required image URL');
    await productForm.getByLabel('Image URL', { exact: true }).fill('https://example.com/cap.png');
    await productForm.getByRole('button', { name: 'Update Product' }).click();
    await expectToast(page, 'Success', 'Product updated successfully');
    await gone(productForm, 'edit product closed');
    // The name's cell also says 'Test product': the row is found by the name it shows.
    const productRow = page.locator('tr[data-product]').filter({ hasText: productName });
    await visible(productRow, 'edited product row');
    expect(await productRow.getByText('Test product', { exact: true }).isVisible()).toBe(true);

    // Users: a new customer, then edited.
    await openTab(page, 'Users');
    const customer = `cust_${suffix}`;
    await page.getByRole('button', { name: 'Add New User' }).click();
    const addForm = page.getByRole('form', { name: 'Add New User' });
    await addForm.getByLabel('Username', { exact: true }).fill(customer);
    await addForm.getByLabel('Email', { exact: true }).fill(`${customer}@example.com`);
    await addForm.getByLabel('Password', { exact: true }).fill('customer-1');
    await addForm.getByLabel('Confirm Password', { exact: true }).fill('customer-2');
    await addForm.getByRole('button', { name: 'Create User' }).click();
    await visible(addForm.getByText("Passwords don't match"), "'Passwords don't match'");
    await addForm.getByLabel('Confirm Password', { exact: true }).fill('customer-1');
    await addForm.getByRole('button', { name: 'Create User' }).click();
    await expectToast(page, 'Success', 'User created successfully');
    await visible(page.getByRole('cell', { name: customer, exact: true }), 'new user row');

    await page.getByRole('button', { name: `Edit ${customer}`, exact: true }).click();
    await visible(page.getByRole('heading', { name: `Edit User: ${customer}` }), 'Edit User dialog');
    const editForm = page.getByRole('form', { name: 'Edit User' });
    const newEmail = `${customer}.renamed@example.com`;
    await editForm.getByLabel('Email', { exact: true }).fill(newEmail);
    await editForm.getByRole('button', { name: 'Update User' }).click();
    await expectToast(page, 'Success', 'User updated successfully');
    await visible(page.getByRole('cell', { name: newEmail, exact: true }), 'edited user row');
    // The customer still logs in with the password they had: a blank one keeps it.
    expect(
      (
        await fetch(`${site.baseUrl}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: site.baseUrl },
          body: JSON.stringify({ username: customer, password: 'customer-1' }),
        })
      ).status,
    ).toBe(200);

    // Create Order, opened by its URL.
    await page.goto('/admin?tab=create-order');
    await page.getByRole('button', { name: 'Create New Order' }).click();
    const orderForm = page.getByRole('form', { name: 'Create Order for Customer' });
    await orderForm.getByRole('button', { name: 'Create Order' }).click();
    await visible(orderForm.getByText('Please select both user and product'), 'select both');
    expect(await orderForm.getByText('Full name is required').isVisible()).toBe(true);
    await orderForm.getByLabel('Customer').selectOption({ label: `${customer} (${newEmail})` });
    await orderForm.getByLabel('Product').selectOption(String(testProduct?.id));
    await orderForm.getByLabel('Quantity').fill('2');
    await orderForm.getByLabel('Full Name').fill('Casey Customer');
    await orderForm.getByLabel('Street Address').fill('1 Vine St');
    await orderForm.getByLabel('City').fill('Napa');
    await orderForm.getByLabel('State').fill('CA');
    await orderForm.getByLabel('Zip Code').fill('94559');
    await visible(orderForm.getByText('Total: $24.68'), 'order summary total');
    await orderForm.getByRole('button', { name: 'Create Order' }).click();
    await expectToast(page, 'Success', 'Order created successfully');
    await gone(orderForm, 'create order closed');

    // Orders: the new order, pending, then shipped, then deleted.
    const users = await fetchJson<Array<{ id: number; username: string }>>(page, '/api/users');
    const customerId = users.find((user) => user.username === customer)?.id;
    const orders = await fetchJson<Array<{ id: number; userId: number | null; status: string }>>(
      page,
      '/api/orders',
    );
    const order = orders.find((candidate) => candidate.userId === customerId);
    expect(order?.status).toBe('pending');
    const orderId = order?.id ?? 0;

    await openTab(page, 'Orders');
    await searchOrder(page, orderId);
    const row = page.locator(`tr[data-order="${orderId}"]`);
    await visible(row, 'order row');
    expect(await row.textContent()).toContain('pending');
    expect(await row.textContent()).toContain('$24.68');
    // The valley's day and time, the zone named; the order details give the same.
    const created = (await row.locator('time').textContent()) ?? '';
    const [, day, time] = /^(\w{3} \d{1,2}, \d{4})(\d{1,2}:\d{2} [AP]M P[DS]T)$/.exec(created) ?? [];
    expect(day, created).toBeDefined();
    await row.getByRole('button', { name: `View order ${orderId}` }).click();
    const details = page.getByRole('dialog', { name: `Order Details - #${orderId}` });
    await visible(details, 'order details');
    const detailsCreated = (await details.locator('time').textContent()) ?? '';
    expect(detailsCreated).toContain(day);
    expect(detailsCreated).toContain(time);
    expect(await details.textContent()).toContain(customer);
    expect(await details.textContent()).toContain('Casey Customer, 1 Vine St, Napa, CA, 94559, US');
    expect(await details.textContent()).toContain(`${productName} x 2`);
    await details.getByLabel('Status').selectOption('shipped');
    await details.getByRole('button', { name: 'Update Order' }).click();
    await expectToast(page, 'Success', 'Order updated successfully');
    await gone(details, 'order details closed');
    await expect.poll(() => row.textContent()).toContain('shipped');

    await row.getByRole('button', { name: `Delete order ${orderId}` }).click();
    const confirm = page.getByRole('alertdialog');
    await visible(
      confirm.getByText('Are you sure you want to delete this order? This action cannot be undone.'),
      'delete order confirmation',
    );
    await confirm.getByRole('button', { name: 'Delete Order' }).click();
    await expectToast(page, 'Success', 'Order deleted successfully');
    await gone(row, 'order row removed');

    // The product goes too, after its confirmation.
    await openTab(page, 'Products');
    await page.getByRole('button', { name: `Delete ${productName}`, exact: true }).click();
    await visible(
      page.getByRole('alertdialog').getByText(`Are you sure you want to delete "${productName}"?`),
      'delete product confirmation',
    );
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Product' }).click();
    await expectToast(page, 'Success', 'Product deleted successfully');
    await gone(page.locator('tr[data-product]').filter({ hasText: productName }), 'product row removed');

    // Activity: every one of those changes, recorded by the service that made it, by this admin.
    await openTab(page, 'Activity');
    expect(await activityAbout(page, testProduct?.name ?? '')).toContain('product.test_created');
    expect(await activityAbout(page, productName)).toEqual(
      expect.arrayContaining(['product.updated', 'product.deleted']),
    );
    expect(await activityAbout(page, customer)).toEqual(
      expect.arrayContaining(['user.created', 'user.updated']),
    );
    expect(await activityAbout(page, `Order #${orderId}`)).toEqual(
      expect.arrayContaining(['order.created_manually', 'order.status_changed', 'order.deleted']),
    );
    // The manual order's customer and items read as words, not JSON.
    const manualEntry = page.locator('li[data-activity="order.created_manually"]').first();
    const createdChanges = (await manualEntry.getByRole('list', { name: 'Changes' }).textContent()) ?? '';
    expect(createdChanges).toContain(`${customer} (user #${customerId})`);
    expect(createdChanges).toContain(`2 x ${productName} at $12.34`);
    expect(createdChanges).not.toMatch(/[{}"]/);
    const statusChange = page.locator('li[data-activity="order.status_changed"]').first();
    expect(await statusChange.textContent()).toContain(admin.username);
    expect(await statusChange.getByRole('list', { name: 'Changes' }).textContent()).toMatch(
      /pending.*shipped/,
    );
  });

  it('an administrator changes their own password and cancels an event; the Activity tab shows both', async () => {
    const demo = await adminCredentials();
    const boss = `boss_${suffix}`;
    const created = await fetch(`${site.baseUrl}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.baseUrl, cookie: demo.cookie },
      body: JSON.stringify({
        username: boss,
        email: `${boss}@example.com`,
        password: 'boss-Pass-1',
        isAdmin: true,
      }),
    });
    expect(created.status).toBe(201);
    const title = `Vineyard Vespers ${suffix}`;
    const event = await fetch(`${site.baseUrl}/api/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.baseUrl, cookie: demo.cookie },
      body: JSON.stringify({
        title,
        description: 'An evening walk through the vines.',
        location: 'Oak Knoll, Napa, CA',
        date: new Date(Date.now() + 20 * 86_400_000).toISOString(),
        capacity: 12,
        price: 0,
      }),
    });
    expect(event.status).toBe(201);
    // Someone has registered, so cancelling keeps the event (as cancelled) and tells them.
    const eventId = ((await event.json()) as { id: number }).id;
    const registration = await fetch(`${site.baseUrl}/api/events/${eventId}/registrations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.baseUrl },
      body: JSON.stringify({ name: 'Martha Walker', email: `martha.${suffix}@example.com` }),
    });
    expect(registration.status).toBe(201);

    const page = await site.newPage({ width: 1280, height: 900 });
    await logIn(page, { username: boss, password: 'boss-Pass-1' });
    await page.waitForURL((url) => url.pathname === '/admin', { timeout: 10_000 });

    await openTab(page, 'Users');
    await page.getByRole('button', { name: 'Change My Password' }).click();
    const form = page.getByRole('form', { name: 'Change My Password' });
    await form.getByLabel('Current Password', { exact: true }).fill('boss-Pass-1');
    await form.getByLabel('New Password', { exact: true }).fill('boss-Pass-2');
    await form.getByLabel('Confirm New Password', { exact: true }).fill('boss-Pass-2');
    await form.getByRole('button', { name: /Change Password|Update Password/ }).click();
    await gone(form, 'password dialog closed');
    const relogin = await fetch(`${site.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.baseUrl },
      body: JSON.stringify({ username: boss, password: 'boss-Pass-2' }),
    });
    expect(relogin.status).toBe(200);

    await openTab(page, 'Events');
    await page.getByRole('button', { name: `Cancel ${title}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel Event' }).click();
    await expectToast(page, 'Success', `Cancelled ${title}. 1 person was told by e-mail.`);

    await openTab(page, 'Activity');
    expect(await activityAbout(page, boss)).toEqual(
      expect.arrayContaining(['user.created', 'user.password_changed']),
    );
    expect(await activityAbout(page, title)).toEqual(
      expect.arrayContaining(['event.created', 'event.cancelled']),
    );
    const cancelled = page.locator('li[data-activity="event.cancelled"]').first();
    expect(await cancelled.textContent()).toContain(boss);
  });

  it("a guest's sandbox order: named, marked 'Test mode', and at 375 px a card with View and Delete in view", async () => {
    // A guest buys in the shop with the sandbox card (no real money).
    const shopper = await site.newPage({ width: 1280, height: 900 });
    await shopper.goto('/shop');
    await expect
      .poll(() => shopper.getByText(/^Found \d+ products$/).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await shopper
      .getByRole('article', { name: 'Merino Hiking Socks' })
      .getByRole('button', { name: 'Add to Cart' })
      .click();
    await shopper.goto('/checkout');
    await shopper.getByRole('button', { name: 'Use Test Address & Go to Payment' }).click();
    const pay = shopper.getByRole('button', { name: /^Pay \$\d+\.\d{2} with Stripe$/ });
    await visible(pay, 'payment step', 15_000);
    const guestName = 'Gail Guestbook';
    const guestEmail = `gail.${suffix}@example.com`;
    await shopper.getByLabel('Full Name', { exact: true }).fill(guestName);
    await shopper.getByLabel('Email', { exact: true }).fill(guestEmail);
    await shopper.getByLabel('Card number', { exact: true }).fill('4242 4242 4242 4242');
    await shopper.getByLabel('Expiration date', { exact: true }).fill('12 / 34');
    await shopper.getByLabel('Security code', { exact: true }).fill('123');
    await pay.click();
    await shopper.waitForURL('**/order-confirmation', { timeout: 20_000 });
    await visible(shopper.getByText(/Order number #\d+/), 'order number');
    const orderId = Number(/#\s*(\d+)/.exec((await shopper.locator('main').textContent()) ?? '')?.[1]);
    expect(orderId).toBeGreaterThan(0);

    const admin = await adminCredentials();
    for (const width of [375, 1280]) {
      const page = await site.newPage({ width, height: 900 });
      await logIn(page, admin);
      await page.waitForURL((url) => url.pathname === '/admin', { timeout: 10_000 });
      await page.goto('/admin?tab=orders');
      await searchOrder(page, orderId);
      const order =
        width < 1024
          ? page.locator(`li[data-order-card="${orderId}"]`)
          : page.locator(`tr[data-order="${orderId}"]`);
      await visible(order, `order ${orderId} at ${width} px`);
      const text = (await order.textContent()) ?? '';
      expect(text).toContain(guestName);
      expect(text).toContain(guestEmail);
      expect(text).toContain('Test mode');
      for (const name of [`View order ${orderId}`, `Delete order ${orderId}`]) {
        const box = await order.getByRole('button', { name }).boundingBox();
        expect(box, name).not.toBeNull();
        expect(
          (box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= width,
          `${name} at ${width} px`,
        ).toBe(true);
      }
      expect(await pageScrollsSideways(page)).toBe(false);
      await order.getByRole('button', { name: `View order ${orderId}` }).click();
      const details = page.getByRole('dialog', { name: `Order Details - #${orderId}` });
      await visible(details, 'order details');
      await visible(details.getByText('Test mode').first(), 'test mode in the details');
      if (process.env.ADMIN_SCREENSHOTS) {
        await page.screenshot({ path: `${process.env.ADMIN_SCREENSHOTS}/admin-order-details-${width}.png` });
      }
    }
  });

  it.each([375, 1280])('fits %i px: every tab without horizontal page scroll', async (width) => {
    const admin = await adminCredentials();
    const page = await site.newPage({ width, height: 900 });
    await logIn(page, admin);
    await page.waitForURL((url) => url.pathname === '/admin', { timeout: 10_000 });
    for (const tab of ['overview', 'users', 'orders', 'products', 'create-order', 'activity']) {
      await page.goto(`/admin?tab=${tab}`);
      await visible(page.getByRole('heading', { name: 'Admin Dashboard' }), 'Admin Dashboard');
      await expect.poll(() => page.getByRole('tabpanel').isVisible()).toBe(true);
      if (tab === 'users') await visible(page.getByRole('columnheader', { name: 'Verified' }), 'users table');
      if (tab === 'products') await visible(page.getByRole('columnheader', { name: 'Category' }), 'table');
      // Below 1024 px the orders are cards, each with View and Delete in view.
      if (tab === 'orders' && width >= 1024)
        await visible(page.getByRole('columnheader', { name: 'Order ID' }), 'orders table');
      if (tab === 'orders' && width < 1024)
        await visible(page.getByRole('list', { name: 'Orders' }), 'orders as cards');
      expect(await pageScrollsSideways(page), `${tab} at ${width} px`).toBe(false);
      if (process.env.ADMIN_SCREENSHOTS) {
        await page.screenshot({
          path: `${process.env.ADMIN_SCREENSHOTS}/admin-${tab}-${width}.png`,
          fullPage: true,
        });
      }
    }
    await page.goto('/admin?tab=create-order');
    await page.getByRole('button', { name: 'Create New Order' }).click();
    await visible(page.getByRole('heading', { name: 'Create Order for Customer' }), 'create order dialog');
    expect(await pageScrollsSideways(page)).toBe(false);
    if (process.env.ADMIN_SCREENSHOTS) {
      await page.screenshot({
        path: `${process.env.ADMIN_SCREENSHOTS}/admin-create-order-dialog-${width}.png`,
      });
    }
  });
});
