import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serviceNames } from '@jesus-walks/contracts/services';
import { describe, expect, it } from 'vitest';

// Each package exposes what others may use, not every file: a service its definition and a
// testing entry, the gateway its app and env, the kit its modules. A test of one service then
// cannot reach into another's tables or internals: it goes through the owner's API or `testing`.

const rootDir = join(import.meta.dirname, '..');

interface PackageJson {
  name: string;
  exports?: Record<string, string>;
}

function workspacePackages(): Array<{ folder: string; json: PackageJson }> {
  return ['apps', 'services', 'packages'].flatMap((group) =>
    readdirSync(join(rootDir, group), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(rootDir, group, entry.name, 'package.json')))
      .map((entry) => {
        const folder = join(group, entry.name);
        return {
          folder,
          json: JSON.parse(readFileSync(join(rootDir, folder, 'package.json'), 'utf8')) as PackageJson,
        };
      }),
  );
}

describe('package exports', () => {
  it('lists each entry by name: no package exposes every file', () => {
    for (const { folder, json } of workspacePackages()) {
      for (const key of Object.keys(json.exports ?? {})) expect(key, `${folder}: ${key}`).not.toContain('*');
    }
  });

  it('points every entry at a file that exists', () => {
    for (const { folder, json } of workspacePackages()) {
      for (const [key, target] of Object.entries(json.exports ?? {})) {
        expect(existsSync(join(rootDir, folder, target)), `${folder}: ${key} -> ${target}`).toBe(true);
      }
    }
  });

  it('gives each service its definition and, at most, a testing entry', () => {
    for (const service of serviceNames) {
      const json = JSON.parse(
        readFileSync(join(rootDir, 'services', service, 'package.json'), 'utf8'),
      ) as PackageJson;
      const entries = Object.keys(json.exports ?? {});
      expect(entries, service).toContain('./service');
      expect(
        entries.filter((entry) => entry !== './service' && entry !== './testing'),
        service,
      ).toEqual([]);
    }
  });
});

describe('pnpm dev', () => {
  it("starts the gateway with the Vite dev server's origin, so the browser's requests pass its Origin check", () => {
    const vite = readFileSync(join(rootDir, 'apps/web/vite.config.ts'), 'utf8');
    const port = /server:\s*\{\s*port:\s*(\d+)/.exec(vite)?.[1];
    const standalone = JSON.parse(readFileSync(join(rootDir, 'apps/standalone/package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(port).toBeDefined();
    expect(standalone.scripts.dev).toContain(`PUBLIC_ORIGIN=http://localhost:${port}`);
  });
});
