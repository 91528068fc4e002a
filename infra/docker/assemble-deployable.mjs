// Build-time helper of infra/Dockerfile, run at the workspace root right after
// `pnpm install --prod --filter-prod @jesus-walks/<service>...`:
//
//   node infra/docker/assemble-deployable.mjs <service> <compiled-dist> <out-dir>
//
// Copies into <out-dir> what that deployable runs: its compiled dist/ (the compile stage's, see
// packages/deployable-build), the root package.json, and for the deployable and each workspace
// package it depends on, its package.json and its node_modules links, through which the compiled
// code imports its npm packages; no TypeScript source. Also the web build for the gateway, and
// `deployable`, a link to the deployable's folder. The Dockerfile copies the root node_modules
// itself (the virtual store, which that install filled with the deployable's production
// dependencies only), in a layer of its own.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, symlinkSync } from 'node:fs';
import { join, relative } from 'node:path';

const [service, compiledDist, outDir] = process.argv.slice(2);
if (!service || !compiledDist || !outDir) {
  console.error('usage: node infra/docker/assemble-deployable.mjs <service> <compiled-dist> <out-dir>');
  process.exit(2);
}

const root = process.cwd();
const packageName = `@jesus-walks/${service}`;
const projects = JSON.parse(
  execFileSync('pnpm', ['--filter-prod', `${packageName}...`, 'list', '--depth', '-1', '--json'], {
    encoding: 'utf8',
  }),
);
const deployable = projects.find((project) => project.name === packageName);
if (!deployable) {
  console.error(`SERVICE=${service}: no workspace package is named ${packageName}`);
  process.exit(1);
}

const copy = (from, to) => cpSync(from, join(outDir, to), { recursive: true, verbatimSymlinks: true });

copy(join(root, 'package.json'), 'package.json');
for (const project of projects) {
  const folder = relative(root, project.path);
  copy(join(project.path, 'package.json'), join(folder, 'package.json'));
  if (existsSync(join(project.path, 'node_modules'))) {
    copy(join(project.path, 'node_modules'), join(folder, 'node_modules'));
  }
}
const deployableFolder = relative(root, deployable.path);
copy(compiledDist, join(deployableFolder, 'dist'));
if (service === 'gateway') {
  copy(join(root, 'apps/web/dist'), 'apps/web/dist');
  copy(join(root, 'apps/web/dist-server'), 'apps/web/dist-server');
}
symlinkSync(deployableFolder, join(outDir, 'deployable'));

console.log(`${packageName}: ${projects.map((project) => project.name).join(', ')} -> ${outDir}`);
