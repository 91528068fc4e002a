#!/usr/bin/env node
// Compiles a deployable (a service, the gateway, the standalone) into JavaScript that plain Node
// runs, so that production, the images and `pnpm start` load no TypeScript compiler: tsx kept an
// esbuild process and its transform cache beside every Node process, and compiled on each start.
//
//   node ../../packages/deployable-build/compile-deployable.mjs <entry.ts>...
//
// in the deployable's folder (its `build` script; called by path, not as a bin: pnpm links a
// workspace package's bin only if the file exists at install time, and an image installs from
// the manifests alone); writes dist/<entry>.js.
//
// The workspace's own code (relative imports and every @jesus-walks/* package, which ship
// TypeScript source) is bundled; the npm packages are not. Each of those imports is rewritten to a
// relative path through the link the importing package has in its own node_modules, so each
// package gets exactly the version it declared and nothing else resolves differently than from
// source, in this checkout as in an image laid out the same way. `import.meta.url` in bundled
// workspace code keeps naming the source file it was written in (what createRequire and
// `new URL('../..', import.meta.url)` in it expect), except in the deployable's own code.
//
// A second run with no source changed since the last one (the inputs its metafile lists are all
// older than the build) does nothing, so `pnpm start` can ask for it each time.
import { existsSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const WORKSPACE_SCOPE = '@jesus-walks/';
const META_FILE = 'meta.json';

/** `name` of `@scope/name/sub/path` or `name/sub/path`. */
function packageNameOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

const posix = (path) => path.split(sep).join('/');
const asRelativeSpecifier = (path) => {
  const spec = posix(path);
  return spec.startsWith('.') ? spec : `./${spec}`;
};

/** The link to `name` that a file in `fromDir` sees: the nearest node_modules/<name> above it. */
function linkedPackage(fromDir, name) {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

/** Bundles workspace code; leaves npm packages to Node, through the importer's own links. */
function workspacePlugin({ outdir, deployableDir }) {
  return {
    name: 'workspace',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === 'resolving') return undefined;
        if (isBuiltin(args.path)) return { path: args.path, external: true };
        if (args.path.startsWith(WORKSPACE_SCOPE)) return undefined;
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          importer: args.importer,
          pluginData: 'resolving',
        });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        const name = packageNameOf(args.path);
        const link = linkedPackage(args.resolveDir, name);
        if (!link) return { errors: [{ text: `${name} is not linked above ${args.resolveDir}` }] };
        const inside = relative(realpathSync(link), resolved.path);
        if (inside.startsWith('..')) {
          return { errors: [{ text: `${args.path} resolved outside ${name}: ${resolved.path}` }] };
        }
        return { path: asRelativeSpecifier(relative(outdir, join(link, inside))), external: true };
      });
      build.onLoad({ filter: /\.[cm]?tsx?$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        if (args.path.startsWith(deployableDir + sep) || !source.includes('import.meta.url')) {
          return undefined;
        }
        const sourceUrl = `new URL(${JSON.stringify(asRelativeSpecifier(relative(outdir, args.path)))}, import.meta.url).href`;
        const loader = args.path.endsWith('x') ? 'tsx' : 'ts';
        return { contents: source.replaceAll('import.meta.url', sourceUrl), loader };
      });
    },
  };
}

/** True when every input of the last build is older than it. */
function upToDate(outdir, entries) {
  const metaPath = join(outdir, META_FILE);
  if (!existsSync(metaPath)) return false;
  try {
    const meta = JSON.parse(readFileSync(metaPath, 'utf8'));
    if (JSON.stringify(meta.entries) !== JSON.stringify(entries)) return false;
    const builtAt = statSync(metaPath).mtimeMs;
    return Object.keys(meta.inputs).every((input) => statSync(resolve(meta.root, input)).mtimeMs < builtAt);
  } catch {
    return false;
  }
}

/**
 * Compiles `entries` (paths from `deployableDir`) into `deployableDir`/dist, one module per entry
 * plus shared chunks beside them (kept in the same folder: bundled code finds its files relative
 * to it). Answers whether it built. The build is written beside dist/ (same depth, so every
 * relative path in it holds) and then swapped in, so that a process starting meanwhile never
 * loads half of one build and half of another.
 */
export async function compileDeployable({ deployableDir, entries, force = false }) {
  const outdir = join(deployableDir, 'dist');
  if (!force && upToDate(outdir, entries)) return false;
  const staging = join(deployableDir, `.dist-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  try {
    const result = await esbuild.build({
      absWorkingDir: deployableDir,
      entryPoints: entries,
      outdir: staging,
      entryNames: '[name]',
      chunkNames: '[name]-[hash]',
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      // Node's own resolution: package.json "main" and the exports' node/import/default conditions,
      // never the bundlers' "module" field or condition (an ES build Node would not load).
      mainFields: ['main'],
      conditions: ['node'],
      sourcemap: true,
      metafile: true,
      logLevel: 'warning',
      plugins: [workspacePlugin({ outdir: staging, deployableDir })],
    });
    writeFileSync(
      join(staging, META_FILE),
      JSON.stringify({ entries, root: deployableDir, inputs: result.metafile.inputs }),
    );
    const previous = join(deployableDir, `.dist-old-${process.pid}`);
    if (existsSync(outdir)) renameSync(outdir, previous);
    try {
      renameSync(staging, outdir);
    } catch (error) {
      // Another compile swapped its own build in meanwhile: the same sources, so it stays.
      if (error?.code !== 'ENOTEMPTY' && error?.code !== 'EEXIST') throw error;
    }
    rmSync(previous, { recursive: true, force: true });
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return true;
}

if (import.meta.url === pathToFileURL(realpathSync(process.argv[1] ?? '')).href) {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const entries = args.filter((arg) => arg !== '--force');
  if (entries.length === 0) {
    console.error('usage: node compile-deployable.mjs [--force] <entry.ts>...   (in the deployable folder)');
    process.exit(2);
  }
  const deployableDir = process.cwd();
  const started = Date.now();
  const built = await compileDeployable({ deployableDir, entries, force });
  if (built) console.log(`compiled ${entries.join(', ')} into dist/ in ${Date.now() - started} ms`);
}
