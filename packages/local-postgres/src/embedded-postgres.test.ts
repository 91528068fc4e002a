import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { firstUnreachableFolder } from './embedded-postgres';

const roots: string[] = [];
afterAll(async () => {
  await Promise.all(roots.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('firstUnreachableFolder (what the postgres user may enter, as root)', () => {
  it('names the private folder above binaries or data, for a user owning nothing there', async () => {
    const root = await mkdtemp(join(tmpdir(), 'reach-'));
    roots.push(root);
    await chmod(root, 0o755);
    const privateFolder = join(root, 'clone');
    const bin = join(privateFolder, 'node_modules', 'native', 'bin');
    await mkdir(bin, { recursive: true });
    await chmod(privateFolder, 0o700);
    expect(firstUnreachableFolder(bin, undefined)).toBe(privateFolder);
    expect(firstUnreachableFolder(bin, { uid: 999_999, gid: 999_999 })).toBe(privateFolder);
    // The owner may enter; a folder not created yet is skipped (it is made below a reachable one).
    const owner = { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };
    expect(firstUnreachableFolder(join(bin, 'not-yet'), owner)).toBeUndefined();
    await chmod(privateFolder, 0o755);
    expect(firstUnreachableFolder(join(bin, 'not-yet'), undefined)).toBeUndefined();
  });
});
