import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

/** What `pnpm start` runs after compiling: `node --enable-source-maps dist/main.js` in this package. */
export const compiledRunner = ['node', '--enable-source-maps', 'dist/main.js'];

/** Compiles the runner as start.sh does (a no-op when dist/ is up to date with the sources). */
export function compileRunner(): void {
  const compiler = join(packageDir, '../../packages/deployable-build/compile-deployable.mjs');
  execFileSync(process.execPath, [compiler, 'src/main.ts', 'src/deployable-process.ts'], {
    cwd: packageDir,
    stdio: 'inherit',
  });
}
