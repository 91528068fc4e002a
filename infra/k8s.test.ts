import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { describe, expect, it, onTestFinished } from 'vitest';
import { parse } from 'yaml';
import { type K8sObject, parseObjects, renderKustomization, renderWithKubectl } from './kustomize.testing';

// infra/k8s as the cluster receives it (rendered), checked against the Kubernetes API schemas and
// for what the kustomization promises. compose.test.ts checks that it agrees with docker-compose.yml.

const k8sDir = join(import.meta.dirname, 'k8s');
const { objects, files } = renderKustomization(k8sDir);
const kubectlObjects = renderWithKubectl(k8sDir);

const byKindAndName = (a: K8sObject, b: K8sObject) =>
  `${a.kind}/${a.metadata.name}`.localeCompare(`${b.kind}/${b.metadata.name}`);
const ofKind = (kind: string) => objects.filter((object) => object.kind === kind);
const named = (kind: string, name: string) => {
  const found = ofKind(kind).filter((object) => object.metadata.name === name);
  if (found.length !== 1) throw new Error(`${found.length} ${kind} named ${name}, not 1`);
  return found[0] as K8sObject;
};
const selects = (selector: Record<string, string>, labels: Record<string, string> = {}) =>
  Object.entries(selector).every(([key, value]) => labels[key] === value);

const deployments = ofKind('Deployment');
const podLabelsOf = (workload: K8sObject): Record<string, string> => workload.spec.template.metadata.labels;
const containerOf = (deployment: K8sObject) => deployment.spec.template.spec.containers[0];
interface Container {
  name: string;
  image: string;
  command?: string[];
  env?: Array<{ name: string; value?: string; valueFrom?: unknown }>;
}
const envOf = (container: Container) => new Map((container.env ?? []).map((entry) => [entry.name, entry]));

/** The model class of each kind in infra/k8s; its validate() checks an object against the schema. */
const models: Record<string, { new (data: never): { validate(): void } }> = {
  'v1/Namespace': Namespace,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'batch/v1/Job': Job,
  'networking.k8s.io/v1/Ingress': Ingress,
};
function validate(object: K8sObject): void {
  const Model = models[`${object.apiVersion}/${object.kind}`];
  if (!Model) throw new Error(`no schema for ${object.apiVersion} ${object.kind}`);
  new Model(object as never).validate();
}

describe('infra/k8s rendering', () => {
  it('renders what `kubectl kustomize` renders (k8s.rendered.yaml, written by kubectl; checked against it where kubectl is installed)', () => {
    // Kept as a file so that a machine without kubectl checks the renderer against kubectl's output
    // too; `pnpm --filter @jesus-walks/infra render-k8s` writes it again after a change.
    const stored = parseObjects(
      readFileSync(join(import.meta.dirname, 'k8s.rendered.yaml'), 'utf8'),
      'k8s.rendered.yaml',
    );
    expect([...objects].sort(byKindAndName)).toEqual([...stored].sort(byKindAndName));
    if (kubectlObjects)
      expect([...kubectlObjects].sort(byKindAndName)).toEqual([...stored].sort(byKindAndName));
  });

  it('renders every YAML file of infra/k8s but the Secret template', () => {
    const onDisk = readdirSync(k8sDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.ya?ml$/.test(file) && !/^secret(\.template)?\.yaml$/.test(file))
      .sort();
    expect([...new Set(files.map((file) => relative(k8sDir, file)))].sort()).toEqual(onDisk);
    expect(ofKind('Secret')).toEqual([]);
  });

  it('refuses a kustomize feature the renderer does not implement, rather than ignoring it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'k8s-unsupported-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, 'kustomization.yaml'), 'namePrefix: staging-\n');
    expect(() => renderKustomization(dir)).toThrow(/namePrefix not supported/);
    writeFileSync(join(dir, 'kustomization.yaml'), 'images:\n  - name: a\n    digest: sha256:0\n');
    expect(() => renderKustomization(dir)).toThrow(/digest not supported/);
  });

  it('sets one image for a deployable in the Deployment and the migrations Job alike', () => {
    // What README.md tells operators to do: an `images:` entry in a kustomization on top.
    const overlay = mkdtempSync(join(tmpdir(), 'k8s-overlay-'));
    onTestFinished(() => rmSync(overlay, { recursive: true, force: true }));
    writeFileSync(
      join(overlay, 'kustomization.yaml'),
      [
        'resources:',
        `  - ${relative(overlay, k8sDir)}`,
        'images:',
        '  - name: jesus-walks/identity',
        '    newName: registry.example.org/jesus-walks/identity',
        "    newTag: '2026.11.22'",
      ].join('\n'),
    );
    const renders = [renderKustomization(overlay).objects, renderWithKubectl(overlay)];
    for (const rendered of renders.filter((render) => render !== undefined)) {
      const images = rendered
        .flatMap((object) => object.spec?.template?.spec?.containers ?? [])
        .map((container: { image: string }) => container.image)
        .filter((image: string) => image.includes('/identity'));
      expect(images).toEqual([
        'registry.example.org/jesus-walks/identity:2026.11.22',
        'registry.example.org/jesus-walks/identity:2026.11.22',
      ]);
    }
  });
});

describe('infra/k8s objects', () => {
  it('are valid against the Kubernetes schemas, the Secret template too', () => {
    for (const object of objects) {
      expect(() => validate(object), `${object.kind} ${object.metadata.name}`).not.toThrow();
    }
    validate(parse(readFileSync(join(k8sDir, 'secret.template.yaml'), 'utf8')));
  });

  it('are checked for real: an invalid object fails validation', () => {
    const broken = structuredClone(named('Deployment', 'gateway'));
    containerOf(broken).ports[0].containerPort = 'http';
    expect(() => validate(broken)).toThrow(/containerPort must be integer/);
  });

  it('are all labelled part of jesus-walks, in its namespace', () => {
    named('Namespace', 'jesus-walks');
    for (const object of objects) {
      const what = `${object.kind} ${object.metadata.name}`;
      expect(object.metadata.labels?.['app.kubernetes.io/part-of'], what).toBe('jesus-walks');
      if (object.spec?.template) expect(podLabelsOf(object)['app.kubernetes.io/part-of']).toBe('jesus-walks');
      if (object.kind !== 'Namespace') expect(object.metadata.namespace, what).toBe('jesus-walks');
    }
  });
});

describe.each(deployments.map((deployment) => deployment.metadata.name))('Deployment %s', (name) => {
  const deployment = named('Deployment', name);
  const container = containerOf(deployment);
  const httpPort = container.ports.find((port: { name: string }) => port.name === 'http');

  it('probes /health/live (startup, liveness) and /health/ready (readiness) on its port', () => {
    expect(container.startupProbe.httpGet).toEqual({ path: '/health/live', port: 'http' });
    expect(container.livenessProbe.httpGet).toEqual({ path: '/health/live', port: 'http' });
    expect(container.readinessProbe.httpGet).toEqual({ path: '/health/ready', port: 'http' });
    expect(httpPort?.containerPort).toBeGreaterThan(0);
  });

  it('requests CPU and memory, within limits', () => {
    for (const kind of ['requests', 'limits']) {
      expect(container.resources[kind].cpu, kind).toBeDefined();
      expect(container.resources[kind].memory, kind).toBeDefined();
    }
  });

  it('leaves the replica count to a HorizontalPodAutoscaler on CPU', () => {
    expect(deployment.spec.replicas).toBeUndefined();
    const autoscalers = ofKind('HorizontalPodAutoscaler').filter(
      (hpa) => hpa.spec.scaleTargetRef.kind === 'Deployment' && hpa.spec.scaleTargetRef.name === name,
    );
    expect(autoscalers).toHaveLength(1);
    const { spec } = autoscalers[0] as K8sObject;
    expect(spec.scaleTargetRef.apiVersion).toBe('apps/v1');
    expect(spec.minReplicas).toBeGreaterThanOrEqual(1);
    expect(spec.maxReplicas).toBeGreaterThan(spec.minReplicas);
    expect(spec.metrics).toEqual([
      {
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } },
      },
    ]);
  });

  it('has a PodDisruptionBudget over its pods only, which never blocks a drain', () => {
    const budgets = ofKind('PodDisruptionBudget').filter((pdb) =>
      selects(pdb.spec.selector.matchLabels, podLabelsOf(deployment)),
    );
    expect(budgets).toHaveLength(1);
    const [budget] = budgets as [K8sObject];
    for (const other of deployments.filter((other) => other !== deployment)) {
      expect(selects(budget.spec.selector.matchLabels, podLabelsOf(other)), other.metadata.name).toBe(false);
    }
    expect(budget.spec.maxUnavailable).toBe(1);
  });

  it('has a Service selecting its pods only, not the migrations pod', () => {
    const service = named('Service', name);
    const pods = [...deployments, ...ofKind('Job')].filter((workload) =>
      selects(service.spec.selector, podLabelsOf(workload)),
    );
    expect(pods).toEqual([deployment]);
  });
});

describe('the migrations Job', () => {
  const job = named('Job', 'migrations');
  const containers: Container[] = job.spec.template.spec.containers;
  const withDatabase = deployments.filter((deployment) => envOf(containerOf(deployment)).has('DATABASE_URL'));

  it('migrates every deployable with a database, with its image and its database', () => {
    expect(containers.map((container) => container.name).sort()).toEqual(
      withDatabase.map((deployment) => deployment.metadata.name).sort(),
    );
    for (const container of containers) {
      const served = containerOf(named('Deployment', container.name));
      expect(container.image, container.name).toBe(served.image);
      expect(envOf(container).get('DATABASE_URL'), container.name).toEqual(envOf(served).get('DATABASE_URL'));
      expect(container.command).toEqual(['node', '--enable-source-maps', 'dist/main.js', '--migrate-only']);
    }
  });

  it('leaves no pod without its tables: a Deployment started before the Job migrates too (under the lock)', () => {
    for (const deployment of withDatabase) {
      expect(envOf(containerOf(deployment)).get('RUN_MIGRATIONS')?.value, deployment.metadata.name).toBe(
        'true',
      );
    }
  });

  it('runs to completion, unprivileged', () => {
    const pod = job.spec.template.spec;
    expect(['Never', 'OnFailure']).toContain(pod.restartPolicy);
    expect(pod.securityContext.runAsNonRoot).toBe(true);
    for (const container of pod.containers) {
      expect(container.securityContext.readOnlyRootFilesystem, container.name).toBe(true);
      expect(container.resources.requests, container.name).toBeDefined();
    }
  });
});

describe('the Ingress', () => {
  it('is the only one, and sends every path of the public host to the gateway Service, with TLS', () => {
    const ingresses = ofKind('Ingress');
    expect(ingresses).toHaveLength(1);
    const [ingress] = ingresses as [K8sObject];
    const gateway = named('Service', 'gateway');
    const publicHost = new URL(named('ConfigMap', 'jesus-walks-config').data.PUBLIC_ORIGIN).hostname;
    expect(ingress.spec.rules.map((rule: { host: string }) => rule.host)).toEqual([publicHost]);
    expect(ingress.spec.tls).toEqual([{ hosts: [publicHost], secretName: expect.any(String) }]);
    const paths = ingress.spec.rules.flatMap((rule: { http: { paths: unknown[] } }) => rule.http.paths);
    expect(paths).toEqual([{ path: '/', pathType: 'Prefix', backend: expect.anything() }]);
    const { service } = paths[0].backend;
    expect(service.name).toBe('gateway');
    expect(
      gateway.spec.ports.some(
        (port: { name: string; port: number }) =>
          port.name === service.port.name || port.port === service.port.number,
      ),
    ).toBe(true);
  });
});
