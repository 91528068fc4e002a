import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

/**
 * `kustomize build` for the tests, in a few lines: exactly the features infra/k8s uses, so that the
 * manifests can be checked where only Node is installed. Anything else in a kustomization throws
 * rather than being ignored; k8s.test.ts compares the output with `kubectl kustomize` where kubectl
 * is installed.
 */

// biome-ignore lint/suspicious/noExplicitAny: manifests are arbitrary JSON, checked by the tests
type Json = any;
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [field: string]: Json;
}
type Label = { pairs: Record<string, string>; includeSelectors?: boolean; includeTemplates?: boolean };
type Image = { name: string; newName?: string; newTag?: string };
type Target = { kind?: string; name?: string };
interface Kustomization {
  apiVersion?: string;
  kind?: 'Kustomization' | 'Component';
  resources?: string[];
  components?: string[];
  namespace?: string;
  labels?: Label[];
  images?: Image[];
  patches?: Array<{ patch: string; target?: Target }>;
}

/** Throws on a field this renderer does not implement, rather than rendering something else. */
function only(fields: object | undefined, allowed: string[], where: string): void {
  const unknown = Object.keys(fields ?? {}).filter((field) => !allowed.includes(field));
  if (unknown.length > 0)
    throw new Error(`${where}: ${unknown.join(', ')} not supported by kustomize.testing.ts`);
}
function checkSupported(kustomization: Kustomization, path: string): void {
  const top = ['apiVersion', 'kind', 'resources', 'components', 'namespace', 'labels', 'images', 'patches'];
  only(kustomization, top, path);
  for (const label of kustomization.labels ?? []) {
    only(label, ['pairs', 'includeSelectors', 'includeTemplates'], `${path} labels`);
  }
  for (const image of kustomization.images ?? [])
    only(image, ['name', 'newName', 'newTag'], `${path} images`);
  for (const patch of kustomization.patches ?? []) {
    only(patch, ['patch', 'target'], `${path} patches`);
    only(patch.target, ['kind', 'name'], `${path} patch target`);
  }
}

export interface Rendered {
  objects: K8sObject[];
  /** Every file read, absolute: the kustomization files and the resources. */
  files: string[];
}

export function renderKustomization(dir: string): Rendered {
  const files: string[] = [];
  return { objects: build(resolve(dir), [], files), files };
}

/** `kubectl kustomize dir`, or undefined when kubectl is not installed. */
export function renderWithKubectl(dir: string): K8sObject[] | undefined {
  const run = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8' });
  if ((run.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') return undefined;
  if (run.status !== 0) throw new Error(`kubectl kustomize ${dir}: ${run.stderr || run.error}`);
  return parseObjects(run.stdout, 'kubectl output');
}

export function parseObjects(text: string, source: string): K8sObject[] {
  return parseAllDocuments(text)
    .map((document) => {
      if (document.errors.length > 0) throw new Error(`${source}: ${document.errors[0]?.message}`);
      return document.toJS() as K8sObject | null;
    })
    .filter((object): object is K8sObject => object !== null);
}

/** A Kustomization starts from nothing; a Component also transforms what its parent has so far. */
function build(dir: string, inherited: K8sObject[], files: string[]): K8sObject[] {
  const path = join(dir, 'kustomization.yaml');
  files.push(path);
  const kustomization = parse(readFileSync(path, 'utf8')) as Kustomization;
  checkSupported(kustomization, path);
  let objects = [...inherited];
  for (const resource of kustomization.resources ?? []) {
    const target = join(dir, resource);
    if (statSync(target).isDirectory()) objects.push(...build(target, [], files));
    else {
      files.push(target);
      objects.push(...parseObjects(readFileSync(target, 'utf8'), target));
    }
  }
  for (const component of kustomization.components ?? []) {
    objects = build(join(dir, component), objects, files);
  }
  // kustomize's order: patches, namespace, labels, images.
  for (const { patch, target } of kustomization.patches ?? []) applyPatch(objects, parse(patch), target);
  for (const object of objects) {
    if (kustomization.namespace && object.kind !== 'Namespace')
      object.metadata.namespace = kustomization.namespace;
  }
  for (const label of kustomization.labels ?? []) addLabels(objects, label);
  for (const image of kustomization.images ?? []) setImage(objects, image);
  return objects;
}

/** A strategic-merge patch (a map) or a JSON patch (a list, `replace` only). */
function applyPatch(objects: K8sObject[], patch: Json, target?: Target) {
  if (Array.isArray(patch) && !target) throw new Error('a JSON patch needs a target');
  const selector = target ?? { kind: patch.kind, name: patch.metadata?.name };
  const matches = objects.filter(
    (object) =>
      (selector.kind === undefined || object.kind === selector.kind) &&
      (selector.name === undefined || object.metadata.name === selector.name),
  );
  if (matches.length === 0 || (!target && matches.length > 1)) {
    throw new Error(`patch for ${JSON.stringify(selector)} matches ${matches.length} objects`);
  }
  for (const object of matches) {
    if (!Array.isArray(patch)) {
      // The patch's own apiVersion, kind and name only select; the object keeps its own.
      const { apiVersion, kind, metadata } = object;
      Object.assign(object, mergePatch(object, patch), { apiVersion, kind });
      object.metadata = { ...object.metadata, name: metadata.name };
      continue;
    }
    for (const operation of patch as Array<{ op: string; path: string; value: Json }>) {
      if (operation.op !== 'replace' || operation.path.includes('~')) {
        throw new Error(`JSON patch ${operation.op} ${operation.path} not supported by kustomize.testing.ts`);
      }
      const keys = operation.path.split('/').slice(1);
      const parent = keys.slice(0, -1).reduce((node, key) => node?.[key], object);
      const last = keys.at(-1) as string;
      if (parent === undefined || !(last in parent)) throw new Error(`no ${operation.path} to replace`);
      parent[last] = operation.value;
    }
  }
}

/** The merge keys of the lists infra/k8s patches; other lists are replaced, as kustomize does. */
const mergeKeys: Record<string, string[]> = {
  containers: ['name'],
  env: ['name'],
  volumes: ['name'],
  volumeMounts: ['mountPath'],
  ports: ['containerPort', 'port'],
};

/** A strategic merge: maps merge, keyed lists merge by key (the patch's items first, like kustomize). */
function mergePatch(base: Json, patch: Json, field = ''): Json {
  if (Array.isArray(patch)) {
    const keys = mergeKeys[field];
    if (!keys || !Array.isArray(base)) return structuredClone(patch);
    const keyOf = (item: Json) => keys.map((key) => item?.[key]).find((value) => value !== undefined);
    const merged = patch.map((item) => {
      const original = base.find((candidate) => keyOf(candidate) === keyOf(item));
      return original === undefined ? structuredClone(item) : mergePatch(original, item);
    });
    const patched = new Set(patch.map(keyOf));
    return [...merged, ...base.filter((item) => !patched.has(keyOf(item)))];
  }
  if (patch === null || typeof patch !== 'object') return patch;
  const result = base !== null && typeof base === 'object' && !Array.isArray(base) ? { ...base } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (key.startsWith('$')) throw new Error(`${key} not supported by kustomize.testing.ts`);
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value, key);
  }
  return result;
}

/** metadata.labels everywhere; selectors and pod templates where asked, for the kinds used here. */
function addLabels(objects: K8sObject[], label: Label) {
  const add = (owner: Json, field: string) => {
    owner[field] = { ...owner[field], ...label.pairs };
  };
  for (const object of objects) {
    add(object.metadata, 'labels');
    if (label.includeSelectors) {
      if (object.kind === 'Service') add(object.spec, 'selector');
      if (object.kind === 'Deployment' || object.kind === 'PodDisruptionBudget') {
        object.spec.selector ??= {};
        add(object.spec.selector, 'matchLabels');
      }
    }
    if ((label.includeSelectors || label.includeTemplates) && object.spec?.template) {
      object.spec.template.metadata ??= {};
      add(object.spec.template.metadata, 'labels');
    }
  }
}

/** `images:`: a new name and/or tag for every container whose image has that name. */
function setImage(objects: K8sObject[], image: Image) {
  for (const object of objects) {
    const pod = object.spec?.template?.spec;
    for (const container of [...(pod?.containers ?? []), ...(pod?.initContainers ?? [])]) {
      // The tag follows the last colon after the last slash (a registry may have a port).
      const colon = container.image.lastIndexOf(':');
      const tagged = colon > container.image.lastIndexOf('/');
      const name = tagged ? container.image.slice(0, colon) : container.image;
      if (name !== image.name) continue;
      const tag = image.newTag ?? (tagged ? container.image.slice(colon + 1) : undefined);
      container.image = `${image.newName ?? name}${tag ? `:${tag}` : ''}`;
    }
  }
}
