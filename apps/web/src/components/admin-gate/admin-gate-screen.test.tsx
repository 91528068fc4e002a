import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { AdminGate } from './admin-gate';
import { AdminGateScreen } from './admin-gate-screen';

function render(gate: Exclude<AdminGate, 'admin'>): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <AdminGateScreen gate={gate} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the admin gate', () => {
  it('gives every state one h1: its title, as SPEC.md words it', () => {
    const titles: Record<Exclude<AdminGate, 'admin'>, string> = {
      checking: 'Loading...',
      error: 'Authentication Error',
      anonymous: 'Please Log In',
      forbidden: 'Access Denied - You don&#x27;t have admin privileges.',
      'loading-user': 'Loading user data...',
    };
    for (const [gate, title] of Object.entries(titles) as Array<[Exclude<AdminGate, 'admin'>, string]>) {
      const html = render(gate);
      expect(html.match(/<h1[\s>]/g), gate).toHaveLength(1);
      expect(html, gate).toMatch(new RegExp(`<h1[^>]*>${title.replace(/[.()]/g, '\\$&')}</h1>`));
    }
  });
});
