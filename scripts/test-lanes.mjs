#!/usr/bin/env node
// `pnpm test`'s runner (after the build). The end-to-end specs run one at a time: each is
// CPU-bound on Chromium and already uses about one of the two cores, so run side by side they only
// slow each other down (docs/performance.md). Run after every other file, as one vitest run would,
// they left the second core idle for most of the run. Here the other files run beside them in a
// second vitest process, on two workers, and one summary ends the run.
//
// With arguments (`pnpm test services/payments`), one vitest run takes them, as before.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const vitest = join(import.meta.dirname, '..', 'node_modules', '.bin', 'vitest');
const given = process.argv.slice(2);

function run(args, env = {}) {
  const child = spawn(vitest, ['run', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  // Whole lines only, so that the two lanes' reports never cut into each other.
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ])
    createInterface({ input: from, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) =>
      to.write(`${line}\n`),
    );
  return new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

if (given.length > 0) process.exit(await run(given));

const summaries = mkdtempSync(join(tmpdir(), 'test-lanes-'));
const lanes = [
  { args: ['--project', 'e2e'], summary: join(summaries, 'e2e.json') },
  { args: ['--project', '!e2e', '--maxWorkers', '2'], summary: join(summaries, 'rest.json') },
];
const codes = await Promise.all(lanes.map((lane) => run(lane.args, { TEST_SUMMARY_FILE: lane.summary })));

// One summary for both: the slowest files of the whole run and one `Tests:` line.
const totals = { passed: 0, failed: 0, skipped: 0, files: [] };
for (const lane of lanes) {
  try {
    const summary = JSON.parse(readFileSync(lane.summary, 'utf8'));
    for (const key of ['passed', 'failed', 'skipped']) totals[key] += summary[key];
    totals.files.push(...summary.files);
  } catch {
    // A lane that ended before its reporter wrote (a crash): its own output says why.
    totals.failed += 1;
  }
}
rmSync(summaries, { recursive: true, force: true });
totals.files.sort((a, b) => b.seconds - a.seconds);
process.stdout.write('\nSlowest test files (tests, setup and import, in seconds):\n');
for (const { file, seconds } of totals.files.slice(0, 20))
  process.stdout.write(`${seconds.toFixed(1).padStart(7)}  ${file}\n`);
const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : '';
process.stdout.write(`\nTests: ${totals.passed} passed, ${totals.failed} failed${skipped}\n`);
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
