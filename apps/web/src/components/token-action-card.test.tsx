import { MailCheckIcon } from 'lucide-react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { TokenActionCard } from './token-action-card';

type Mutation = Parameters<typeof TokenActionCard>[0]['mutation'];

const idle: Mutation = {
  mutate: () => {},
  isPending: false,
  isSuccess: false,
  isError: false,
  data: undefined,
  error: null,
};

function render(mutation: Mutation, url = '/newsletter/confirm?token=1.2.signed') {
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[url]}>
      <TokenActionCard
        title="Confirm your subscription"
        icon={MailCheckIcon}
        description="One last step to receive Jesus News."
        actionLabel="Confirm my subscription"
        pendingLabel="Confirming..."
        mutation={mutation}
        failureFallback="Your subscription could not be confirmed. Please try again."
        doneTitle="Subscription confirmed"
        after={<a href="/events">See our upcoming walks</a>}
      />
    </MemoryRouter>,
  );
}

describe('the page behind an e-mail link', () => {
  it('asks for the press before anything is done', () => {
    const html = render(idle);
    expect(html).toContain('Confirm your subscription');
    expect(html).toContain('One last step');
    expect(html).toContain('Confirm my subscription');
    expect(html).not.toContain('See our upcoming walks');
  });

  it('shows only what happened once done: no request above the thanks', () => {
    const html = render({
      ...idle,
      isSuccess: true,
      data: {
        message: 'Thank you! Your subscription to Jesus News is confirmed.',
        email: 'walker@example.com',
      },
    });
    expect(html).toContain('Subscription confirmed');
    expect(html).toContain('Thank you! Your subscription to Jesus News is confirmed.');
    expect(html).toContain('walker@example.com');
    expect(html).toContain('See our upcoming walks');
    expect(html).not.toContain('Confirm your subscription');
    expect(html).not.toContain('One last step');
    expect(html).not.toContain('Confirm my subscription');
  });

  it('says a link without its token is incomplete', () => {
    const html = render(idle, '/newsletter/confirm');
    expect(html).toContain('This link is incomplete');
    expect(html).not.toContain('Confirm my subscription');
  });
});
