import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// Module boundaries inside a service (STYLE.md: "a module reaches another module's data only
// through its service; a lint rule says so"). A repository belongs to the folder it is in: under
// services/<service>/src/modules/, only the files of that folder import it, and of those never a
// routes file (routes call services, services call repositories). Type-only imports count too: a
// row type is part of a module's insides. Files outside modules/ (db/seed.ts, testing/) are the
// service's own set-up and may use any repository.

const rootDir = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** What a file imports or re-exports: static, side-effect and dynamic imports, `export ... from`. */
function importSpecifiers(text: string): string[] {
  return [
    ...text.matchAll(/^\s*(?:import|export)\s[^'"]*?\bfrom\s*['"]([^'"]+)['"]/gm),
    ...text.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm),
    ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((match) => match[1] ?? '');
}

interface BoundaryReport {
  /** One line per import that breaks the rule: the file, what it imports, and why. */
  violations: string[];
  /** Every repository import seen (allowed or not): a scan that finds none is not checking anything. */
  repositoryImports: number;
}

/** Checks every service under `servicesDir` (services/<service>/src/modules/**). */
function checkModuleBoundaries(servicesDir: string): BoundaryReport {
  const violations: string[] = [];
  let repositoryImports = 0;
  for (const service of readdirSync(servicesDir, { withFileTypes: true })) {
    if (!service.isDirectory()) continue;
    const modulesDir = join(servicesDir, service.name, 'src', 'modules');
    let files: string[];
    try {
      files = sourceFiles(modulesDir);
    } catch {
      continue;
    }
    for (const file of files) {
      for (const specifier of importSpecifiers(readFileSync(file, 'utf8'))) {
        if (!specifier.startsWith('.')) continue;
        const target = resolve(dirname(file), specifier);
        if (!/\.repository(\.ts)?$/.test(target)) continue;
        repositoryImports += 1;
        const where = relative(servicesDir, file);
        if (file.endsWith('.routes.ts')) {
          violations.push(`${where} imports ${specifier}: a routes file calls services, never a repository`);
        } else if (dirname(target) !== dirname(file)) {
          violations.push(
            `${where} imports ${specifier}: another module's repository (reach its data through its service)`,
          );
        }
      }
    }
  }
  return { violations, repositoryImports };
}

describe('module boundaries in every service', () => {
  it("no module imports another module's repository, and no routes file imports a repository", () => {
    const report = checkModuleBoundaries(join(rootDir, 'services'));
    expect(report.violations).toEqual([]);
    // The services' own repository imports were found: the scan does look at the real files.
    expect(report.repositoryImports).toBeGreaterThan(20);
  });
});

describe('the module boundary check', () => {
  const fixture = mkdtempSync(join(tmpdir(), 'module-boundaries-'));
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));

  function write(path: string, text: string): void {
    mkdirSync(dirname(join(fixture, path)), { recursive: true });
    writeFileSync(join(fixture, path), text);
  }

  // A service shaped like ours, with the rule broken on purpose in the files marked so.
  write('shop/src/modules/products/products.repository.ts', 'export async function findProduct() {}\n');
  write(
    'shop/src/modules/products/products.service.ts',
    "import { findProduct } from './products.repository';\nexport const getProduct = findProduct;\n",
  );
  write(
    'shop/src/modules/products/products.routes.ts',
    "import { getProduct } from './products.service';\nexport const routes = [getProduct];\n",
  );
  write('shop/src/modules/cart/cart.repository.ts', 'export async function insertCartLine() {}\n');
  write(
    'shop/src/modules/cart/cart.service.ts',
    [
      "import { insertCartLine } from './cart.repository';",
      "import { getProduct } from '../products/products.service';",
      // Broken: another module's repository.
      "import { findProduct } from '../products/products.repository';",
      'export const add = [insertCartLine, getProduct, findProduct];',
      '',
    ].join('\n'),
  );
  write(
    'shop/src/modules/cart/cart-rows.ts',
    [
      // Broken: a type-only import of another module's repository, and a dynamic one.
      "import type { Row } from '../products/products.repository.ts';",
      "export const later = () => import('../products/products.repository');",
      'export type Rows = Row[];',
      '',
    ].join('\n'),
  );
  write(
    'shop/src/modules/cart/cart.routes.ts',
    // Broken: a routes file importing a repository, its own module's included.
    "import { insertCartLine } from './cart.repository';\nexport const routes = [insertCartLine];\n",
  );
  write(
    'shop/src/modules/payments/providers/sandbox/sandbox.service.ts',
    // Broken: a nested module reaching up into another's repository.
    "export { findProduct } from '../../../products/products.repository';\n",
  );
  // Allowed: the service's own set-up, outside modules/.
  write('shop/src/db/seed.ts', "import { findProduct } from '../modules/products/products.repository';\n");
  write('shop/src/testing/helpers.ts', "import { insertCartLine } from '../modules/cart/cart.repository';\n");

  it('names every deliberate violation, and only those', () => {
    const report = checkModuleBoundaries(fixture);
    expect(report.violations.sort()).toEqual(
      [
        "shop/src/modules/cart/cart-rows.ts imports ../products/products.repository.ts: another module's repository (reach its data through its service)",
        "shop/src/modules/cart/cart-rows.ts imports ../products/products.repository: another module's repository (reach its data through its service)",
        'shop/src/modules/cart/cart.routes.ts imports ./cart.repository: a routes file calls services, never a repository',
        "shop/src/modules/cart/cart.service.ts imports ../products/products.repository: another module's repository (reach its data through its service)",
        "shop/src/modules/payments/providers/sandbox/sandbox.service.ts imports ../../../products/products.repository: another module's repository (reach its data through its service)",
      ].sort(),
    );
  });

  it('passes once the violations are gone', () => {
    rmSync(join(fixture, 'shop/src/modules/cart/cart-rows.ts'));
    rmSync(join(fixture, 'shop/src/modules/payments'), { recursive: true });
    write(
      'shop/src/modules/cart/cart.service.ts',
      "import { insertCartLine } from './cart.repository';\nimport { getProduct } from '../products/products.service';\n",
    );
    write(
      'shop/src/modules/cart/cart.routes.ts',
      "import { add } from './cart.service';\nexport const routes = [add];\n",
    );
    expect(checkModuleBoundaries(fixture).violations).toEqual([]);
  });
});
