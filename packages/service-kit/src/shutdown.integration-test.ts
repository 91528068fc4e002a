import { type ChildProcess, spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

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
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 15_000;
  while (!output.includes('ready')) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`runner did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { child, output: () => output, exited };
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
