import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  defaultPorts,
  type ServiceName,
  schemaNameOf,
  serviceNames,
  urlVariableOf,
} from '@jesus-walks/contracts/services';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { defaultPorts as healthcheckPorts, healthUrl } from './docker/healthcheck.mjs';
import { type K8sObject, renderKustomization } from './kustomize.testing';

// Keeps docker-compose.yml, infra/postgres/init.sql, infra/k8s and infra/Dockerfile in step with
// each other and with packages/contracts/src/services.ts.

const infraDir = import.meta.dirname;
const rootDir = join(infraDir, '..');
const read = (path: string) => readFileSync(join(rootDir, path), 'utf8');

type Deployable = ServiceName | 'gateway';
const deployables: Deployable[] = [...serviceNames, 'gateway'];

type EnvValue = string | number | boolean | null;
interface ComposeService {
  image?: string;
  build?: { context?: string; dockerfile?: string; args?: Record<string, string> };
  environment?: Record<string, EnvValue>;
  depends_on?: Record<string, { condition?: string }>;
  ports?: string[];
  volumes?: string[];
  healthcheck?: { test?: string[] | string };
}
interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

const compose = parse(read('docker-compose.yml'), { merge: true }) as ComposeFile;
const composeService = (name: string): ComposeService => {
  const service = compose.services[name];
  if (!service) throw new Error(`docker-compose.yml has no service ${name}`);
  return service;
};
const composeEnv = (name: string): Record<string, EnvValue> => composeService(name).environment ?? {};

/** The value compose uses when the variable is not set: `${NAME:-default}` -> `default`. */
const withDefaults = (value: EnvValue): string =>
  String(value).replace(/\$\{\w+:-([^}]*)\}/g, (_match, fallback: string) => fallback);

const initSql = read('infra/postgres/init.sql');
const rolePasswords = new Map(
  [...initSql.matchAll(/^CREATE ROLE (\w+) LOGIN PASSWORD '([^']*)';/gm)].map(([, role, password]) => [
    role,
    password,
  ]),
);

describe('docker-compose.yml', () => {
  it('runs postgres, every service and the gateway, and nothing else', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['postgres', ...deployables].sort());
  });

  it('runs postgres 16 with a named volume, the init script and a pg_isready healthcheck', () => {
    const postgres = composeService('postgres');
    expect(postgres.image).toBe('postgres:16-alpine');
    const dataVolume = postgres.volumes?.find((volume) => volume.endsWith(':/var/lib/postgresql/data'));
    const volumeName = dataVolume?.split(':')[0] ?? '';
    expect(Object.keys(compose.volumes ?? {})).toContain(volumeName);
    expect(postgres.volumes).toContain('./infra/postgres/init.sql:/docker-entrypoint-initdb.d/init.sql:ro');
    expect(String(postgres.healthcheck?.test)).toContain('pg_isready');
  });

  it.each(deployables)('builds %s from infra/Dockerfile with its SERVICE argument', (name) => {
    expect(composeService(name).build).toEqual({
      context: '.',
      dockerfile: 'infra/Dockerfile',
      args: { SERVICE: name },
    });
  });

  it.each(deployables)('gives %s its default port, the public origin and a healthcheck', (name) => {
    const env = composeEnv(name);
    expect(Number(env.PORT)).toBe(defaultPorts[name]);
    expect(env.HOST).toBe('0.0.0.0');
    expect(withDefaults(env.PUBLIC_ORIGIN ?? '')).toBe('http://localhost:3000');
    expect(withDefaults(env.LOG_LEVEL ?? '')).toBe('info');
    expect(composeService(name).healthcheck?.test).toEqual([
      'CMD',
      'node',
      '/app/healthcheck.mjs',
      '/health/ready',
    ]);
  });

  it.each(deployables)('gives %s the URL of every service', (name) => {
    const env = composeEnv(name);
    for (const peer of serviceNames) {
      expect(env[urlVariableOf(peer)], urlVariableOf(peer)).toBe(`http://${peer}:${defaultPorts[peer]}`);
    }
  });

  it('takes every secret from .env, required, with no default, and documents each in .env.example', () => {
    const required = (value: EnvValue | undefined, key: string) =>
      expect(value, key).toBe(`\${${key}:?set ${key} in .env (see .env.example)}`);
    for (const key of ['INTERNAL_TOKEN', 'IDENTITY_SIGNING_KEY']) {
      for (const name of deployables) required(composeEnv(name)[key], key);
    }
    required(composeEnv('identity').SESSION_SECRET, 'SESSION_SECRET');
    required(composeEnv('catalog-and-orders').LINK_SIGNING_KEY, 'LINK_SIGNING_KEY');
    required(composeEnv('content-and-events').LINK_SIGNING_KEY, 'LINK_SIGNING_KEY');
    required(composeEnv('postgres').POSTGRES_PASSWORD, 'POSTGRES_PASSWORD');
  });

  it('lists in .env.example every variable docker-compose.yml reads, the secrets with 32+ character placeholders', () => {
    const example = read('.env.example');
    const documented = new Map(
      [...example.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=(.*)$/gm)].map(([, key, value]) => [key, value]),
    );
    const interpolated = new Set(
      [...read('docker-compose.yml').matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map(([, key]) => key),
    );
    // Variables passed through by name alone (`SMTP_URL:`) are read from .env too.
    for (const service of Object.values(compose.services)) {
      for (const [key, value] of Object.entries(service.environment ?? {}))
        if (value === null) interpolated.add(key);
    }
    for (const key of interpolated) expect(documented.has(key), `${key} in .env.example`).toBe(true);
    for (const key of ['INTERNAL_TOKEN', 'IDENTITY_SIGNING_KEY', 'SESSION_SECRET', 'LINK_SIGNING_KEY']) {
      expect(documented.get(key)?.length, key).toBeGreaterThanOrEqual(32);
      expect(documented.get(key), key).toContain('CHANGE-ME');
    }
  });

  it('creates a role with its own schema and search_path for every service and the gateway in init.sql', () => {
    expect([...rolePasswords.keys()].sort()).toEqual([...serviceNames.map(schemaNameOf), 'gateway'].sort());
    for (const role of rolePasswords.keys()) {
      expect(initSql).toContain(`CREATE SCHEMA ${role} AUTHORIZATION ${role};`);
      expect(initSql).toContain(`ALTER ROLE ${role} SET search_path = ${role};`);
    }
  });

  it.each(deployables)('connects %s to postgres as its own role, after postgres is healthy', (name) => {
    const env = composeEnv(name);
    const database = composeEnv('postgres').POSTGRES_DB;
    const url = new URL(String(env.DATABASE_URL));
    expect(url.protocol).toMatch(/^postgres(ql)?:$/);
    expect(url.hostname).toBe('postgres');
    expect(url.port).toBe('5432');
    expect(url.pathname).toBe(`/${database}`);
    expect(url.username).toBe(name === 'gateway' ? 'gateway' : schemaNameOf(name));
    expect(rolePasswords.get(url.username)).toBeDefined();
    expect(decodeURIComponent(url.password)).toBe(rolePasswords.get(url.username));
    expect(env.RUN_MIGRATIONS).toBe('true');
    expect(withDefaults(env.DATABASE_POOL_MAX ?? '')).toBe(name === 'gateway' ? '2' : '10');
    expect(composeService(name).depends_on).toMatchObject({ postgres: { condition: 'service_healthy' } });
  });

  it('starts the gateway once every service is healthy, serving the web build', () => {
    const gateway = composeService('gateway');
    expect(gateway.depends_on).toEqual(
      Object.fromEntries(
        ['postgres', ...serviceNames].map((name) => [name, { condition: 'service_healthy' }]),
      ),
    );
    expect(gateway.environment?.WEB_DIST_DIR).toBe('/app/apps/web/dist');
    expect(withDefaults(gateway.environment?.RATE_LIMIT_MAX ?? '')).toBe('300');
  });

  it('publishes the gateway on port 3000 and nothing else', () => {
    const publishing = Object.entries(compose.services).filter(([, service]) => service.ports?.length);
    expect(publishing.map(([name]) => name)).toEqual(['gateway']);
    expect(composeService('gateway').ports).toEqual(['3000:3000']);
  });
});

// ---- infra/k8s ------------------------------------------------------------------------------
// The rendered manifests (kustomize.testing.ts), as `kubectl apply -k infra/k8s` sends them; the
// Secret is a template outside the kustomization. k8s.test.ts checks them against the schemas.

const k8sDir = join(infraDir, 'k8s');
const k8sObjects = renderKustomization(k8sDir).objects;
const secretTemplate = parse(readFileSync(join(k8sDir, 'secret.template.yaml'), 'utf8')) as K8sObject;
const k8sObject = (kind: string, name: string): K8sObject => {
  const found = k8sObjects.filter((object) => object.kind === kind && object.metadata.name === name);
  if (found.length !== 1) throw new Error(`infra/k8s renders ${found.length} ${kind} named ${name}, not 1`);
  return found[0] as K8sObject;
};

/** The Deployment and Service of a deployable, and the parts of them the checks look at. */
function manifestsOf(name: Deployable) {
  const deployment = k8sObject('Deployment', name);
  const service = k8sObject('Service', name);
  const autoscaler = k8sObject('HorizontalPodAutoscaler', name);
  const pod = deployment.spec.template.spec;
  const container = pod.containers[0];
  const containerPort = container.ports[0];
  const resolvePort = (port: string | number) =>
    port === containerPort.name ? containerPort.containerPort : port;
  return { deployment, service, autoscaler, pod, container, containerPort, resolvePort };
}

describe('infra/k8s', () => {
  it('points the URL variables of the ConfigMap at the Services', () => {
    const configMap = k8sObject('ConfigMap', 'jesus-walks-config');
    for (const name of serviceNames) {
      expect(configMap.data?.[urlVariableOf(name)]).toBe(`http://${name}:${defaultPorts[name]}`);
    }
  });

  describe.each(deployables)('%s', (name) => {
    it('has a Deployment listening on the default port', () => {
      const { pod, container, containerPort, autoscaler } = manifestsOf(name);
      expect(pod.containers).toHaveLength(1);
      expect(container.image).toMatch(new RegExp(`^jesus-walks/${name}:`));
      expect(containerPort.containerPort).toBe(defaultPorts[name]);
      const port = container.env.find((entry: { name: string }) => entry.name === 'PORT');
      expect(port?.value).toBe(String(defaultPorts[name]));
      // The HorizontalPodAutoscaler owns the replica count; these are its floors.
      expect(autoscaler.spec.minReplicas).toBe(name === 'gateway' || name === 'catalog-and-orders' ? 2 : 1);
    });

    it('has a Service on the same port that selects its pods', () => {
      const { deployment, service, resolvePort } = manifestsOf(name);
      expect(service.spec.ports).toHaveLength(1);
      expect(service.spec.ports[0].port).toBe(defaultPorts[name]);
      expect(resolvePort(service.spec.ports[0].targetPort)).toBe(defaultPorts[name]);
      expect(deployment.spec.selector.matchLabels).toEqual(service.spec.selector);
      expect(deployment.spec.template.metadata.labels).toMatchObject(service.spec.selector);
    });

    it('probes /health/live and /health/ready on that port', () => {
      const { container, resolvePort } = manifestsOf(name);
      expect(container.livenessProbe.httpGet.path).toBe('/health/live');
      expect(resolvePort(container.livenessProbe.httpGet.port)).toBe(defaultPorts[name]);
      expect(container.readinessProbe.httpGet.path).toBe('/health/ready');
      expect(resolvePort(container.readinessProbe.httpGet.port)).toBe(defaultPorts[name]);
    });

    it('runs as non-root, read-only, with resource requests and limits', () => {
      const { pod, container } = manifestsOf(name);
      expect(pod.securityContext.runAsNonRoot).toBe(true);
      expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
      expect(pod.enableServiceLinks).toBe(false);
      expect(container.securityContext).toEqual({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        capabilities: { drop: ['ALL'] },
      });
      expect(container.volumeMounts).toContainEqual({ name: 'tmp', mountPath: '/tmp' });
      for (const kind of ['requests', 'limits']) {
        expect(container.resources[kind].cpu, kind).toBeDefined();
        expect(container.resources[kind].memory, kind).toBeDefined();
      }
    });

    it('sets the same variables as docker-compose.yml, secrets from the Secret template', () => {
      const { container } = manifestsOf(name);
      const names = new Set<string>();
      for (const source of container.envFrom ?? []) {
        const configMap = k8sObject('ConfigMap', source.configMapRef.name);
        for (const key of Object.keys(configMap.data ?? {})) names.add(key);
      }
      for (const entry of container.env) {
        expect(names.has(entry.name), `${entry.name} set twice`).toBe(false);
        names.add(entry.name);
        const ref = entry.valueFrom?.secretKeyRef;
        if (ref && !ref.optional) {
          expect(ref.name).toBe(secretTemplate.metadata.name);
          expect(Object.keys(secretTemplate.stringData ?? {})).toContain(ref.key);
        }
      }
      expect([...names].sort()).toEqual(Object.keys(composeEnv(name)).sort());
    });
  });
});

// ---- infra/Dockerfile -----------------------------------------------------------------------

describe('infra/Dockerfile', () => {
  const instructions = read('infra/Dockerfile')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const lastFrom = instructions.findLastIndex((line) => line.startsWith('FROM '));
  const runtime = instructions.slice(lastFrom);
  const nodeImage = instructions.find((line) => line.startsWith('ARG NODE_IMAGE='))?.split('=')[1];

  it('runs on node:24-bookworm-slim (an LTS with security fixes), chosen by the SERVICE argument, in production mode', () => {
    expect(nodeImage).toBe('node:24-bookworm-slim');
    expect(runtime[0]).toMatch(/^FROM \$\{NODE_IMAGE\} AS runtime$/);
    expect(runtime).toContain('ARG SERVICE');
    expect(runtime.some((line) => /^ENV .*NODE_ENV=production/.test(line))).toBe(true);
  });

  it('installs with pnpm from the frozen lockfile', () => {
    expect(instructions.some((line) => line.includes('npm install -g pnpm@'))).toBe(true);
    expect(instructions.some((line) => line.includes('pnpm install --frozen-lockfile'))).toBe(true);
  });

  it('runs as a non-root user', () => {
    const user = runtime.findLast((line) => line.startsWith('USER '))?.split(/\s+/)[1];
    expect(user).toBeDefined();
    expect(['root', '0', '0:0']).not.toContain(user);
  });

  it('has a HEALTHCHECK on /health/live through node', () => {
    const healthcheck = runtime.find((line) => line.startsWith('HEALTHCHECK '));
    expect(healthcheck).toMatch(/CMD \["node", "\/app\/healthcheck\.mjs", "\/health\/live"\]/);
  });

  it('checks the default port of each deployable, or PORT', () => {
    expect(healthcheckPorts).toEqual(defaultPorts);
    expect(healthUrl({ SERVICE: 'seo' })).toBe('http://127.0.0.1:3005/health/live');
    expect(healthUrl({ SERVICE: 'seo', PORT: '8080' }, '/health/ready')).toBe(
      'http://127.0.0.1:8080/health/ready',
    );
  });

  it('keeps local installs, builds and secrets out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const pattern of ['**/node_modules', '**/dist', '**/.data', '.git', '**/.env']) {
      expect(ignored).toContain(pattern);
    }
  });
});
