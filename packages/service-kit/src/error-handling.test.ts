import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from './error-handling';

/** What a failing handler's error becomes: database outages are 503s to retry, not our bugs. */
async function answerTo(error: unknown) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get('/fail', async () => {
    throw error;
  });
  const response = await app.inject({ url: '/fail' });
  await app.close();
  return response;
}

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('errors of a database that cannot be reached', () => {
  it.each([
    [
      'the server shutting down (57P01)',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    ['the server starting (57P03)', withCode('the database system is starting up', '57P03')],
    ['a connection exception (08006)', withCode('connection failure', '08006')],
    ['a refused socket', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a connection cut', new Error('Connection terminated unexpectedly')],
    ['no connection in time', new Error('timeout exceeded when trying to connect')],
  ])('answer 503 with Retry-After for %s, and say nothing of Postgres', async (_case, error) => {
    const response = await answerTo(error);
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({
      message: 'The service is unavailable right now. Please try again shortly.',
      code: 'database_unavailable',
    });
  });

  it('leaves other database errors a 500 that hides their text', async () => {
    const response = await answerTo(
      withCode('duplicate key value violates unique constraint "users_pkey"', '23505'),
    );
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('users_pkey');
    expect(response.json()).toMatchObject({ code: 'internal_error' });
  });
});
