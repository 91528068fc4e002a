import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['./harness/global-setup.ts'],
    // Only a guard against a test that hangs: every wait inside a test has its own timeout (each
    // expect.poll, waitForURL...). The long journeys (every-page's 30 pages, the admin's) take 20 s
    // alone on an idle machine, 50 s with two other spec files at once, and 100 s when the machine
    // is busy with more than that (two CPU-bound processes besides).
    testTimeout: 180_000,
    hookTimeout: 120_000,
    // What a page shows once it has hydrated (who is logged in, a refetched list) may take a few
    // seconds on a busy machine: every expect.poll waits up to 10 s unless it says otherwise.
    expect: { poll: { timeout: 10_000 } },
    // One site shared by every file, one browser per file. The files run as any others do, up to
    // the root's maxWorkers at a time, interleaved with the other projects' files: they wait on the
    // site and Chromium more than they compute. So a spec never counts what another may change at
    // the same time: it makes its own products, walks and users (harness/own-data.ts) or compares
    // with what it read just before, and a spec that must change something global (console.spec.ts:
    // the demo administrator's password) starts a site of its own.
  },
});
