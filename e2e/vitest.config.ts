import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['./harness/global-setup.ts'],
    // Only a guard against a test that hangs: every wait inside a test has its own timeout (each
    // expect.poll, waitForURL...). The long journeys (every-page's 30 pages, the admin's) take 20 s
    // alone on an idle machine and up to 100 s on a busy one.
    testTimeout: 180_000,
    hookTimeout: 120_000,
    // What a page shows once it has hydrated (who is logged in, a refetched list) may take a few
    // seconds on a busy machine: every expect.poll waits up to 10 s unless it says otherwise.
    expect: { poll: { timeout: 10_000 } },
    // One site shared by every file, one browser per file, two files at a time, after the other
    // projects' files (a group of their own). Each spec counts only what is its own (the products,
    // walks and users it makes, harness/own-data.ts) or compares with what it read just before, and
    // console.spec.ts, which changes the demo administrator's password, starts a site of its own.
    // A spec waits on its pages more than it computes (every-page used 0.75 of a core alone): on
    // 2026-11-27, third sitting, the e2e project alone took 268 s two at a time and 248 s three at a
    // time, against about 390 s one at a time in the whole run (docs/performance.md). Two leave a
    // spec's timing-sensitive checks (first paint, layout shift) room on two cores.
    sequence: { groupOrder: 1 },
    maxWorkers: 2,
  },
});
