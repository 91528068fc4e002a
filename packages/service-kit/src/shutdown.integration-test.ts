import { type ChildProcess, spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { collectOutput } from '@jesus-walks/test-kit/child-output';
import { testSecrets } from '@jesus-walks/test-kit/test-service';
import { describe, expect, it } from 'vitest';
import { createService, type ServiceApp } from './create-service';

// A real process with the real signal handlers: what a terminal's Ctrl-C or an orchestrator's
// SIGTERM does to a service's main, the gateway's and the standalone runner.

const shutdownModule = join(import.meta.dirname, 'shutdown.ts');

async function runner(
  closeMs: number,
): Promise<{ child: ChildProcess; output: () => string; exited: Promise<number | null> }> {
  const script = join(tmpdir(), `shutdown-runner-${process.pid}-${Date.now()}.ts`);
  await writeFile(
    script,
    `import { closeOnSignals } from ${JSON.stringify(shutdownModule)};
const logger = { info: (m) => console.log(m), warn: (m) => console.log(m), error: (_o, m) => console.log(m) };
closeOnSignals({ logger, stoppedMessage: 'stopped', close: async () => {
  console.log('closing');
  await new Promise((resolve) => setTimeout(resolve, ${closeMs}));
} });
setInterval(() => {}, 1000);
console.log('ready');
`,
  );
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: join(import.meta.dirname, '..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = collectOutput(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 15_000;
  while (!output().includes('ready')) {
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error(`runner did not start:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { child, output, exited };
}

describe('closeOnSignals', () => {
  it('takes one Ctrl-C delivered twice (terminal and pnpm) as one stop: closes once, exits 0', async () => {
    const { child, output, exited } = await runner(300);
    child.kill('SIGINT');
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(output().match(/closing/g)).toHaveLength(1);
    expect(output()).toContain('stopped');
    expect(output()).not.toContain('again');
  });

  it('exits 0 on SIGTERM after closing', async () => {
    const { child, output, exited } = await runner(50);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output()).toContain('stopped');
  });

  it('exits 130 at once on a second Ctrl-C pressed later, without waiting for a slow close', async () => {
    const { child, output, exited } = await runner(10_000);
    child.kill('SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(output()).toContain('SIGINT again');
  });
});

describe('an app closing while requests run', () => {
  // A keep-alive client (fetch keeps a connection as long as the server's Keep-Alive says, 72 s).
  async function listeningApp() {
    const app = createService({
      name: 'identity',
      logger: false,
      identitySigningKey: testSecrets.IDENTITY_SIGNING_KEY,
      internalToken: testSecrets.INTERNAL_TOKEN,
    });
    let finish = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let started = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    app.get('/slow', async () => {
      started();
      await finished;
      return { done: true };
    });
    app.get('/stream', async (_request, reply) => {
      const body = new Readable({ read() {} });
      body.push('first ');
      started();
      void finished.then(() => {
        body.push('last');
        body.push(null);
      });
      return reply.type('text/plain').send(body);
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const origin = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
    return { app, origin, running, finish };
  }

  /**
   * Starts closing the app and waits until it stopped listening (the close has begun); resolves
   * to how long app.close() took in all, or rejects after `limitMs`.
   */
  async function beginClose(app: ServiceApp, limitMs: number) {
    const startedAt = Date.now();
    const closed = Promise.race([
      app.close().then(() => Date.now() - startedAt),
      new Promise<never>((_resolve, reject) =>
        setTimeout(() => reject(new Error(`app.close() still waiting after ${limitMs} ms`)), limitMs).unref(),
      ),
    ]);
    while (app.server.listening) await new Promise((resolve) => setTimeout(resolve, 5));
    return { closed };
  }

  it('answers a request running when the close began, then closes its connection at once', async () => {
    const { app, origin, running, finish } = await listeningApp();
    const response = fetch(`${origin}/slow`);
    await running;
    const { closed } = await beginClose(app, 5_000);
    finish();
    const answer = await response;
    expect(answer.status).toBe(200);
    expect(answer.headers.get('connection')).toBe('close');
    expect(await answer.json()).toEqual({ done: true });
    expect(await closed).toBeLessThan(5_000);
  });

  it('closes the connection of a response that was streaming when the close began, once it ends', async () => {
    const { app, origin, running, finish } = await listeningApp();
    const response = await fetch(`${origin}/stream`);
    await running;
    const { closed } = await beginClose(app, 5_000);
    finish();
    expect(await response.text()).toBe('first last');
    expect(await closed).toBeLessThan(5_000);
  });
});
