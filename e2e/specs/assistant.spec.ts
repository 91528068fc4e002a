import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../harness/browser';

// The AI assistant as a visitor uses it, with the built-in provider (no model endpoint is
// configured on the site under test): each Quick Question answered with a model badge, Enter and
// Shift+Enter, the failure toast that keeps the question, at 375 and 1280 px.

const site = useBrowser();

async function visible(locator: Locator, message: string, timeout = 15_000): Promise<void> {
  await expect.poll(() => locator.isVisible(), { message, timeout }).toBe(true);
}

const question = (page: Page) => page.getByLabel(/^Your question for the/);
const replies = (page: Page) => page.locator('[data-role="assistant"]');

const pageScrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe.each([1280, 375])('AI assistant at %i px', (width) => {
  it('answers each Quick Question, naming something relevant, with a model badge', async () => {
    const page = await site.newPage({ width, height: 900 });
    await page.goto('/ai-assistant');
    await visible(page.getByRole('heading', { name: 'AI Assistant', level: 1 }), 'title');
    await visible(page.getByText('Hello! How can I help you today?'), 'greeting');
    expect(await question(page).getAttribute('placeholder')).toBe('Ask general assistant...');

    const expectations: { text: string; placeholder: string; mentions: RegExp }[] = [
      {
        text: 'What wine pairs well with salmon?',
        placeholder: 'Ask wine expert...',
        mentions: /pinot noir/i,
      },
      {
        text: 'Can you recommend a good red wine under $30?',
        placeholder: 'Ask wine expert...',
        mentions: /\$\d/,
      },
      { text: 'How do I track my order?', placeholder: 'Ask customer service...', mentions: /order/i },
    ];
    for (const [index, expected] of expectations.entries()) {
      await page.getByRole('button', { name: expected.text }).click();
      await expect.poll(() => question(page).inputValue()).toBe(expected.text);
      expect(await question(page).getAttribute('placeholder')).toBe(expected.placeholder);
      await page.getByRole('button', { name: 'Send message' }).click();
      const reply = replies(page).nth(index);
      await visible(reply.locator('[data-model-badge]'), `model badge on reply ${index + 1}`);
      expect(await reply.textContent()).toMatch(expected.mentions);
      expect(await reply.locator('time').count()).toBeGreaterThan(0);
    }
    expect(
      await page.locator('[data-chat-window]').evaluate((element) => element.getBoundingClientRect().height),
    ).toBe(600);
    expect(await pageScrollsSideways(page)).toBe(false);
    if (process.env.ASSISTANT_SCREENSHOTS) {
      await page.screenshot({
        path: `${process.env.ASSISTANT_SCREENSHOTS}/assistant-${width}.png`,
        fullPage: true,
      });
    }
  });

  it('sends on Enter, adds a line on Shift+Enter, and keeps the question when the answer fails', async () => {
    const page = await site.newPage({ width, height: 900 });
    await page.goto('/ai-assistant');
    const input = question(page);
    await visible(input, 'question field');
    await expect.poll(() => input.isEnabled()).toBe(true);
    await input.fill('What should I bring');
    await input.press('Shift+Enter');
    await input.pressSequentially('on a walk?');
    expect(await input.inputValue()).toBe('What should I bring\non a walk?');
    expect(await page.locator('[data-role="user"]').count()).toBe(0);
    await input.press('Enter');
    await visible(replies(page).first().locator('[data-model-badge]'), 'answer to the Enter question');
    expect(await page.locator('[data-role="user"]').first().textContent()).toContain('What should I bring');

    // A product the assistant names comes with 'Add to Cart', and its link opens its card in the shop.
    await input.fill('Do you sell an insulated trail bottle?');
    await input.press('Enter');
    const named = replies(page).nth(1);
    await visible(named.locator('[data-model-badge]'), 'answer naming a product');
    expect(await named.textContent()).toContain('Insulated Trail Bottle');
    await named.locator('[data-add-product]').first().click();
    await visible(page.getByText('Insulated Trail Bottle is in your cart.').first(), 'added to the cart');

    // The service fails: the toast says so, and the question is still there.
    await page.route('**/api/ai/agent', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"message":"down","code":"upstream_unavailable"}',
      }),
    );
    await input.fill('Is the Sunrise walk suitable for children?');
    await input.press('Enter');
    await visible(
      page
        .getByRole('region', { name: /notifications/i })
        .getByText('Failed to get response from AI agent. Please try again.'),
      'failure toast',
    );
    const kept = page
      .locator('[data-role="user"]')
      .filter({ hasText: 'Is the Sunrise walk suitable for children?' });
    expect(await kept.count()).toBe(1);
  });
});
