import type { Product } from '@jesus-walks/contracts/products';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { CartProvider } from '@/lib/cart/cart-context';
import { productsQueryKey } from '@/lib/products/get-products';
import { SiteOriginProvider } from '@/lib/site-origin';
import { AiAssistantRoute } from '../routes/ai-assistant';
import type { PageChatMessage } from '../utils/chat-messages';
import { ChatMessageItem } from './chat-message';
import { ChatPanel } from './chat-panel';
import { preloadMessageMarkdown } from './lazy-message-markdown';

const origin = 'https://jesuswalks.example';

/** Rendered as the server renders it: no browser, no storage, no request made. */
function render(node: ReactNode, fill?: (client: QueryClient) => void): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  fill?.(client);
  return renderToString(
    <SiteOriginProvider origin={origin}>
      <QueryClientProvider client={client}>
        <CartProvider storage={null}>
          <MemoryRouter>{node}</MemoryRouter>
        </CartProvider>
      </QueryClientProvider>
    </SiteOriginProvider>,
  );
}

const question: PageChatMessage = {
  id: '1000',
  content: 'What wine pairs well with salmon?\nSomething light.',
  isUser: true,
  timestamp: '2030-05-01T15:07:00.000Z',
  context: 'wine',
};
const reply: PageChatMessage = {
  id: '1001',
  content:
    '**Pinot Noir** goes well. Try [Napa Pinot](/shop#product-3) at /events/4. <img src=x onerror="alert(1)"><script>alert(2)</script> [bad](javascript:alert(3))',
  isUser: false,
  timestamp: '2030-05-01T15:07:05.000Z',
  context: 'wine',
  model: 'retrieval',
  provider: 'built-in',
};

describe('/ai-assistant as the server renders it', () => {
  it("shows the title, 'Choose Assistant' with the general assistant chosen, the Quick Questions and the empty chat", () => {
    const html = render(<AiAssistantRoute />);
    expect(html).toContain('AI Assistant');
    expect(html).toContain('wine recommendations, customer service help or general assistance');
    expect(html).toContain('Choose Assistant');
    for (const text of [
      'Wine Expert',
      'Sommelier expertise',
      'Customer Service',
      'Support &amp; help',
      'General Assistant',
      'General questions',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toMatch(/aria-pressed="true"[^>]*data-context="general"/);
    expect(html).toMatch(/aria-pressed="false"[^>]*data-context="wine"/);
    expect(html).toContain('Quick Questions');
    expect(html).toContain('What wine pairs well with salmon?');
    expect(html).toContain('Can you recommend a good red wine under $30?');
    expect(html).toContain('How do I track my order?');
    expect(html).toContain('>Active<');
    expect(html).toContain('Hello! How can I help you today?');
    expect(html).toContain('data-context-hint="general"');
    expect(html).toContain('placeholder="Ask general assistant..."');
    expect(html).toContain('h-[600px]');
    expect(html).not.toContain('AI is thinking...');
    expect(html).not.toContain('The chat opens here soon');
    expect(html).not.toMatch(/log ?in|sign ?in/i);
    // Buttons wait for hydration; the send button is disabled anyway while the input is blank.
    expect(html).toMatch(/<button type="submit" disabled=""[^>]*aria-label="Send message"/);
  });
});

describe('chat panel', () => {
  const noop = () => {};
  it("shows the messages with their time, the model badge on replies, and 'AI is thinking...' while waiting", () => {
    const html = render(
      <ChatPanel
        context="wine"
        messages={[question, reply]}
        input=""
        onInputChange={noop}
        onSend={noop}
        onRetry={noop}
        onNewChat={noop}
        pending
        inputRef={{ current: null }}
      />,
    );
    expect(html).toContain('placeholder="Ask wine expert..."');
    expect(html).toContain('AI is thinking...');
    expect(html).not.toContain('Hello! How can I help you today?');
    expect(html).toMatch(/<textarea[^>]*disabled=""/);
    expect(html).toContain('What wine pairs well with salmon?\nSomething light.');
    expect(html).toMatch(/<time dateTime="2030-05-01T15:07:00.000Z">\d{1,2}:07 (AM|PM)<\/time>/);
    expect(html.match(/data-model-badge=""/g)).toHaveLength(1);
    expect(html).toContain('>retrieval · built-in<');
  });

  it("shows the reply growing in place of 'AI is thinking...' once its first text is in, without a badge yet", () => {
    const panel = (streamingText: string | null) =>
      render(
        <ChatPanel
          context="wine"
          messages={[question]}
          input=""
          onInputChange={noop}
          onSend={noop}
          onRetry={noop}
          onNewChat={noop}
          pending
          streamingText={streamingText}
          inputRef={{ current: null }}
        />,
      );
    expect(panel(null)).toContain('AI is thinking...');
    expect(panel('')).toContain('AI is thinking...');
    const html = panel('Try a **Napa Pinot**');
    expect(html).not.toContain('AI is thinking...');
    expect(html).toMatch(/data-role="assistant" data-streaming=""/);
    expect(html).toContain('Try a **Napa Pinot**');
    expect(html).not.toContain('data-model-badge');
    expect(html).toMatch(/<textarea[^>]*disabled=""/);
  });
});

describe('a reply', () => {
  // The Markdown renderer is a lazy chunk: once loaded, a render shows it at once.
  beforeAll(async () => {
    render(<ChatMessageItem message={reply} />);
    await preloadMessageMarkdown();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

  it('renders Markdown without any HTML of its own, with links to products and events in the app', () => {
    const html = render(<ChatMessageItem message={reply} />);
    expect(html).toContain('<strong>Pinot Noir</strong>');
    expect(html).toMatch(/<a[^>]*data-site-link="product" href="\/shop#product-3"[^>]*>Napa Pinot<\/a>/);
    expect(html).toMatch(/<a[^>]*data-site-link="event" href="\/events\/4"[^>]*>\/events\/4<\/a>/);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('<span>bad</span>');
  });

  it("offers 'Add to Cart' for a product it links to, with the live price, and none for one sold out", () => {
    const product = (overrides: Partial<Product>): Product => ({
      id: 3,
      name: 'Napa Pinot',
      description: 'Light and bright',
      price: '24.00',
      imageUrl: null,
      category: 'Wine',
      stock: 5,
      available: 5,
      ...overrides,
    });
    const html = render(<ChatMessageItem message={reply} />, (client) =>
      client.setQueryData(productsQueryKey, [product({})]),
    );
    expect(html).toContain('data-add-product="3"');
    expect(html).toContain('Add to Cart');
    expect(html).toContain('$24.00');

    const soldOut = render(<ChatMessageItem message={reply} />, (client) =>
      client.setQueryData(productsQueryKey, [product({ stock: 0 })]),
    );
    expect(soldOut).not.toContain('Add to Cart');
  });

  it("keeps a failed question with 'Not answered' and 'Try again'", () => {
    const html = render(<ChatMessageItem message={{ ...question, failed: true }} onRetry={() => {}} />);
    expect(html).toContain('What wine pairs well with salmon?');
    expect(html).toContain('Not answered');
    expect(html).toContain('Try again');
  });
});
