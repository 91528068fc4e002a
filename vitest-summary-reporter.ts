import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends the run with the twenty slowest test files (where the run's time goes) and one plain line,
 * `Tests: N passed, N failed`, that any CI log reader can count, whatever else the default
 * reporter printed above it.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
    }
    const timed = testModules.map((module) => {
      const { duration, setupDuration, collectDuration } = module.diagnostic();
      return {
        file: `${module.project.name} ${module.relativeModuleId}`,
        seconds: (duration + setupDuration + collectDuration) / 1000,
      };
    });
    timed.sort((a, b) => b.seconds - a.seconds);
    if (timed.length > 0) {
      process.stdout.write('\nSlowest test files (tests, setup and import, in seconds):\n');
      for (const { file, seconds } of timed.slice(0, 20)) {
        process.stdout.write(`${seconds.toFixed(1).padStart(7)}  ${file}\n`);
      }
    }
    const tail = skipped > 0 ? `, ${skipped} skipped` : '';
    process.stdout.write(`\nTests: ${passed} passed, ${failed} failed${tail}\n`);
  }
}
