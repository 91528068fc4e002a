import { PAGE_STATE_ELEMENT_ID } from '@jesus-walks/contracts/server-render';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { type PageState, readPageState, serialisePageState } from './page-state';

/** A document as far as readPageState reads it: the page-state element's text. */
const documentWith = (text: string | null) =>
  ({
    getElementById: (id: string) =>
      id === PAGE_STATE_ELEMENT_ID && text !== null ? { textContent: text } : null,
  }) as unknown as Document;

describe('readPageState', () => {
  it('counts a kept page’s data as fetched when the page arrives, and leaves failed queries alone', async () => {
    const client = new QueryClient();
    await client.prefetchQuery({ queryKey: ['events'], queryFn: async () => [{ id: 1 }] });
    const state: PageState = { origin: 'http://localhost:3000', queries: dehydrate(client) };
    const renderedAt = state.queries.queries[0]?.state.dataUpdatedAt ?? 0;
    const now = renderedAt + 3 * 60 * 60 * 1000; // the page was rendered three hours before
    const read = readPageState(documentWith(serialisePageState(state)), now);
    expect(read?.queries.queries[0]?.state.dataUpdatedAt).toBe(now);
    expect(read?.queries.queries[0]?.state.data).toEqual([{ id: 1 }]);
  });

  it('answers null without a page state, or with one that is not JSON', () => {
    expect(readPageState(documentWith(null))).toBeNull();
    expect(readPageState(documentWith('{not json'))).toBeNull();
  });
});
