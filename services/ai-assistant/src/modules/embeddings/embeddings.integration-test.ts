import { jobsOf, waitForJobs } from '@jesus-walks/test-kit/jobs';
import { identityHeaders, testAdmin } from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AssistantStack,
  ask,
  insertProduct,
  startAssistantStack,
} from '../../testing/assistant-stack.testing';
import { type FakeOpenAi, startFakeOpenAi } from '../../testing/fake-openai.testing';
import { knowledgeSeeds } from '../knowledge/knowledge.content';
import { EMBEDDINGS_REFRESH_JOB } from './embeddings.jobs';

let fake: FakeOpenAi;
let stack: AssistantStack;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  stack = await startAssistantStack({
    OPENAI_BASE_URL: fake.baseUrl,
    OPENAI_EMBEDDING_MODEL: 'fake-embedding',
    // The built-in assistant answers; the endpoint only embeds.
    ASSISTANT_PROVIDER: 'built-in',
    // Word-presence vectors of long entries are further apart than a real model's.
    OPENAI_EMBEDDING_MIN_SIMILARITY: '0.1',
  });
  await insertProduct(stack.catalog, { name: 'Insulated Trail Bottle', price: '28.00' });
  await insertProduct(stack.catalog, { name: 'Napa Trail Cap', price: '24.50' });
});
afterAll(async () => {
  await stack?.close();
  await fake?.close();
});

async function refresh() {
  await stack.ai.jobs.enqueue(stack.ai.db, EMBEDDINGS_REFRESH_JOB, {});
  await waitForJobs(stack.ai.db, { names: [EMBEDDINGS_REFRESH_JOB], timeoutMs: 15_000 });
}

describe('embeddings, with an embedding model configured', () => {
  it('are refreshed by a job for the knowledge base and the catalog, only what changed', async () => {
    await refresh();
    const knowledge = await stack.ai.db.selectFrom('knowledgeEmbeddings').selectAll().execute();
    expect(knowledge).toHaveLength(knowledgeSeeds.length);
    expect(knowledge[0]?.embedding).toHaveLength(256);
    const products = await stack.ai.db
      .selectFrom('productEmbeddings')
      .select(['productId', 'content'])
      .execute();
    expect(products.map((row) => row.content).sort()).toEqual([
      'Insulated Trail Bottle. Gear. Insulated Trail Bottle for the trail',
      'Napa Trail Cap. Gear. Napa Trail Cap for the trail',
    ]);

    const embeddedBefore = fake.embedded.length;
    await refresh();
    expect(fake.embedded.length).toBe(embeddedBefore);
    const [job] = (await jobsOf(stack.ai.db, EMBEDDINGS_REFRESH_JOB)).slice(-1);
    expect(job?.output).toEqual({ knowledge: 0, products: 0 });
  });

  it('rank knowledge by meaning: the question is embedded and the closest entry answers', async () => {
    await refresh();
    const before = fake.embedded.length;
    const response = await ask(stack.ai, { message: 'What wine pairs well with salmon?', context: 'wine' });
    expect(response.json()).toMatchObject({ provider: 'built-in' });
    expect(response.json().response).toContain('Pinot Noir');
    expect(fake.embedded.slice(before)).toEqual(['wine pairs salmon']);
    expect(fake.requests).toEqual([]);

    const gear = await ask(stack.ai, { message: 'Do you sell bottles?' });
    expect(gear.json().response).toContain('Insulated Trail Bottle: $28.00');
    expect(gear.json().response).not.toContain('Napa Trail Cap');
    expect(fake.embedded).toContain('sell bottles');
  });

  it('are refreshed when an admin changes an entry, and dropped for a deactivated one', async () => {
    const url = '/api/ai/knowledge';
    const created = await stack.ai.app.inject({
      method: 'POST',
      url,
      headers: await identityHeaders(testAdmin, 'POST', url),
      payload: {
        title: 'Dogs on our walks',
        content: 'Dogs on a short leash are welcome.',
        category: 'hiking',
      },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    await waitForJobs(stack.ai.db, { names: [EMBEDDINGS_REFRESH_JOB], timeoutMs: 15_000 });
    const stored = await stack.ai.db
      .selectFrom('knowledgeEmbeddings')
      .select('content')
      .where('knowledgeId', '=', id)
      .executeTakeFirst();
    expect(stored?.content).toContain('Dogs on a short leash are welcome.');

    const path = `${url}/${id}`;
    await stack.ai.app.inject({
      method: 'PUT',
      url: path,
      headers: await identityHeaders(testAdmin, 'PUT', path),
      payload: {
        title: 'Dogs on our walks',
        content: 'No dogs, please.',
        category: 'hiking',
        isActive: false,
      },
    });
    await waitForJobs(stack.ai.db, { names: [EMBEDDINGS_REFRESH_JOB], timeoutMs: 15_000 });
    const gone = await stack.ai.db
      .selectFrom('knowledgeEmbeddings')
      .select('id')
      .where('knowledgeId', '=', id)
      .execute();
    expect(gone).toEqual([]);
  });
});
