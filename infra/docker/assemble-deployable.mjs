// Build-time helper of infra/Dockerfile, run at the workspace root right after
// `pnpm install --prod --filter-prod @jesus-walks/<service>...`:
//
//   node infra/docker/assemble-deployable.mjs <service> <out-dir>
//
// Copies into <out-dir> the source that deployable runs (tsx runs it as is): package.json,
// tsconfig.base.json, the deployable's folder and those of the workspace packages it depends on
// (with their node_modules links; tests, fakes and test helpers left out), the web build for the gateway, and `deployable`,
// a link to the deployable's folder. The Dockerfile copies the root node_modules itself (the virtual
// store, which that install filled with the deployable's production dependencies only), in a layer
// of its own.
import { execFileSync } from 'node:child_process';
import { cpSync, symlinkSync } from 'node:fs';
import { join, relative } from 'node:path';

const [service, outDir] = process.argv.slice(2);
if (!service || !outDir) {
  console.error('usage: node infra/docker/assemble-deployable.mjs <service> <out-dir>');
  process.exit(2);
}

const root = process.cwd();
const packageName = `@jesus-walks/${service}`;
const projects = JSON.parse(
  // --filter-prod: the workspace packages it runs with, not those its tests use (test-kit,
  // local-postgres), which the production install did not link either.
  execFileSync('pnpm', ['--filter-prod', `${packageName}...`, 'list', '--depth', '-1', '--json'], {
    encoding: 'utf8',
  }),
);
const deployable = projects.find((project) => project.name === packageName);
if (!deployable) {
  console.error(`SERVICE=${service}: no workspace package is named ${packageName}`);
  process.exit(1);
}

// Tests, and what only tests run: `*.testing.ts` files (the fake providers' servers) and each
// package's `testing/` folder (its test stacks and helpers, its `./testing` export).
const isTest = (path) =>
  /\.(test|integration-test|testing)\.ts$/.test(path) || /(^|\/)testing(\/|$)/.test(path);
const copy = (from, to) =>
  cpSync(join(root, from), join(outDir, to), {
    recursive: true,
    verbatimSymlinks: true,
    filter: (source) => !isTest(relative(root, source)),
  });

copy('package.json', 'package.json');
copy('tsconfig.base.json', 'tsconfig.base.json');
for (const project of projects) {
  const folder = relative(root, project.path);
  copy(folder, folder);
}
if (service === 'gateway') {
  copy('apps/web/dist', 'apps/web/dist');
  copy('apps/web/dist-server', 'apps/web/dist-server');
}
symlinkSync(relative(root, deployable.path), join(outDir, 'deployable'));

console.log(`${packageName}: ${projects.map((project) => project.name).join(', ')} -> ${outDir}`);
