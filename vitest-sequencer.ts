import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, longest first (the summary reporter's slowest, 2026-11-27). They
 * start before the rest of their group, so none of them is the last to finish while the other
 * workers sit idle. Vitest alone orders a group by project name and, with no timings from an
 * earlier run (a fresh clone, CI), by file size: the fuzz started among the last of its group,
 * every-page after every larger spec.
 */
const SLOWEST_FIRST = [
  'e2e/specs/every-page.spec.ts',
  'e2e/specs/admin.spec.ts',
  'e2e/specs/first-paint.spec.ts',
  'apps/standalone/src/fuzz.integration-test.ts',
  'infra/dockerfile.integration-test.ts',
  'apps/standalone/src/supervisor.integration-test.ts',
  'apps/standalone/src/security-matrix.integration-test.ts',
  'apps/standalone/src/postgres-restart.integration-test.ts',
  'apps/standalone/src/main.integration-test.ts',
  'apps/standalone/src/resilience.integration-test.ts',
];

export default class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = SLOWEST_FIRST.indexOf(relative(this.ctx.config.root, file.moduleId));
      return index === -1 ? SLOWEST_FIRST.length : index;
    };
    const order = new Map(sorted.map((file, index) => [file, index]));
    // Groups stay in their order (sequence.groupOrder); within one, the slowest go first and the
    // rest keep vitest's order.
    return [...sorted].sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        rank(a) - rank(b) ||
        (order.get(a) ?? 0) - (order.get(b) ?? 0),
    );
  }
}
