import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A production install (`pnpm install --prod`) has only `dependencies`: every package the
 * standalone runtime imports, directly or through the service kit, must be listed there by the
 * package whose code imports it.
 */
const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));

function runtimeSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    // Test files and test helpers (src/testing, *.testing.ts) run only where devDependencies are installed.
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : runtimeSources(path);
    return /\.ts$/.test(entry.name) && !/\.(test|integration-test|testing)\.ts$/.test(entry.name)
      ? [path]
      : [];
  });
}

function importedPackages(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [
    ...text.matchAll(/^\s*(?:import|export)\s(?:type\s)?[^'"]*?from\s+'([^']+)'/gm),
    ...text.matchAll(/^\s*import\s+'([^']+)'/gm),
    ...text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g),
  ]
    .filter((match) => !/^\s*(?:import|export)\s+type\s/.test(match[0]))
    .map((match) => match[1] ?? '');
  return specifiers
    .filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('node:'))
    .filter((specifier) => !builtinModules.includes(specifier))
    .map((specifier) =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/'),
    );
}

describe.each(['apps/standalone', 'packages/service-kit'])('%s', (packagePath) => {
  it('lists every package its runtime code imports under dependencies', () => {
    const dir = join(repositoryRoot, packagePath);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      name: string;
      dependencies?: Record<string, string>;
    };
    const missing = runtimeSources(join(dir, 'src')).flatMap((file) =>
      importedPackages(file)
        .filter((name) => name !== manifest.name && !(name in (manifest.dependencies ?? {})))
        .map((name) => `${relative(repositoryRoot, file)} imports ${name}`),
    );
    expect(missing).toEqual([]);
  });
});
