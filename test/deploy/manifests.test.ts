import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SERVER_NODE_ARGS } from '../../scripts/bench/processes.ts';
import { loadConfig } from '@talkwith/platform';
import { loadServiceConfig } from '@talkwith/platform/platform';
import { ownedConfigSchemas } from '@talkwith/gateway';
import {
  PROCESSES,
  ROOT,
  SERVICES,
  composeEnv,
  containerEnv,
  entryFile,
  exists,
  find,
  k8sFiles,
  podContainers,
  readCompose,
  readK8s,
  type Env,
  type K8sObject,
} from './manifests.ts';

// No Docker engine on CI machines: these tests check that what `docker compose
// up` and `kubectl apply -k deploy/k8s` would run is complete and consistent.

const BACKING = ['kafka', 'mongo', 'redis', 'elasticsearch'] as const;
const schemas = ownedConfigSchemas().map(({ schema }) => schema);
const schemaKeys = schemas.flatMap((schema) => Object.keys(schema.properties));
/** Required by a schema with no default: nothing can fill them in. */
const schemaRequired = schemas.flatMap((schema) =>
  (schema.required ?? []).filter(
    (key) => (schema.properties as Record<string, { default?: unknown }>)[key]?.default === undefined,
  ),
);
/**
 * Distributed mode must name every engine (unset would silently mean an embedded, per-pod one), share the
 * secrets, know its public origin (mail links), deliver mail (log-in needs a confirmed e-mail) and drain on SIGTERM.
 */
const distributedRequired = [
  ...schemaRequired,
  'JWT_SECRET',
  'ADMIN_PATH_PREFIX',
  'CREDENTIALS_KEY',
  'CREDENTIALS_IV',
  'PUBLIC_URL',
  'SHUTDOWN_GRACE_MS',
  'BUS_URL',
  'STORE_URL',
  'JOBS_URL',
  'CACHE_URL',
  'SEARCH_URL',
  'MAIL_URL',
];
/** Variables the image itself reads besides the config schemas. */
const imageVariables = ['SERVICE', 'NODE_ENV'];
/** Fixed by issue 27's shared contract for the platform config (the drain); known here before that schema lands. */
const contractVariables = ['SHUTDOWN_GRACE_MS'];

function expectValidProcessEnv(name: string, env: Env) {
  for (const key of distributedRequired) expect(env[key], `${name}: ${key}`).toBeTruthy();
  expect(() => loadServiceConfig(env), `${name}: config schema`).not.toThrow();
  for (const schema of schemas) expect(() => loadConfig(schema, env), `${name}: config schemas`).not.toThrow();
  const known = [...schemaKeys, ...imageVariables, ...contractVariables];
  expect(
    Object.keys(env).filter((k) => !known.includes(k)),
    `${name}: unknown variables`,
  ).toEqual([]);
  expect(new URL(env.PUBLIC_URL ?? '').hostname, `${name}: PUBLIC_URL is where users are, not localhost:3000`).not.toBe(
    '',
  );
  expect(Number(env.SHUTDOWN_GRACE_MS), `${name}: SHUTDOWN_GRACE_MS`).toBeGreaterThan(0);
  expect(env.SERVICE, `${name}: SERVICE picks the entry point`).toBe(name);
}

function expectGatewayReachesEveryService(env: Env, hostOf: (service: string) => string) {
  for (const service of SERVICES) {
    const url = env[`${service.toUpperCase()}_URL`];
    expect(url, `gateway ${service.toUpperCase()}_URL`).toBeTruthy();
    expect(new URL(url ?? '').hostname, `gateway ${service.toUpperCase()}_URL host`).toBe(hostOf(service));
  }
}

describe('docker-compose.yml', () => {
  const compose = readCompose();

  it('compose, services, lists every backing engine and every process', () => {
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining([...BACKING, ...PROCESSES]));
  });

  it.each(PROCESSES)('compose, %s environment, sets every required variable and passes the config schema', (name) => {
    expectValidProcessEnv(name, composeEnv(compose.services[name] ?? {}));
  });

  it('compose, gateway environment, points at every service on its port', () => {
    const env = composeEnv(compose.services.gateway ?? {});
    expectGatewayReachesEveryService(env, (service) => service);
    for (const service of SERVICES)
      expect(env[`${service.toUpperCase()}_URL`]).toBe(
        `http://${service}:${composeEnv(compose.services[service] ?? {}).PORT}`,
      );
  });

  it('compose, gateway published directly, believes no X-Forwarded-For hop', () => {
    expect(composeEnv(compose.services.gateway ?? {}).TRUST_PROXY_HOPS ?? '0').toBe('0');
  });

  it.each(PROCESSES)(
    'compose, %s image, builds deploy/Dockerfile whose entry file exists and probes /healthz',
    (name) => {
      const service = compose.services[name] ?? {};
      expect(service.build?.dockerfile).toBe('deploy/Dockerfile');
      expect(exists(service.build?.dockerfile ?? '')).toBe(true);
      expect(exists(entryFile(name)), entryFile(name)).toBe(true);
      expect(JSON.stringify(service.healthcheck?.test)).toContain('/healthz');
    },
  );

  it('compose, depends_on, waits for healthy services that exist and have healthchecks', () => {
    for (const name of PROCESSES) {
      const deps = compose.services[name]?.depends_on;
      expect(deps && !Array.isArray(deps), `${name} depends_on with conditions`).toBe(true);
      for (const [dep, { condition }] of Object.entries(deps as Record<string, { condition: string }>)) {
        expect(condition, `${name} -> ${dep}`).toBe('service_healthy');
        expect(compose.services[dep]?.healthcheck, `${dep} healthcheck`).toBeDefined();
      }
      expect(Object.keys(deps as object)).toEqual(expect.arrayContaining([...BACKING]));
    }
    expect(Object.keys(compose.services.gateway?.depends_on ?? {})).toEqual(expect.arrayContaining([...SERVICES]));
  });

  it('compose, engines, run Kafka in KRaft mode, MongoDB as an initiated replica set, Elasticsearch single-node', () => {
    const kafka = composeEnv(compose.services.kafka ?? {});
    expect(kafka.KAFKA_PROCESS_ROLES).toContain('controller');
    expect(kafka.KAFKA_ZOOKEEPER_CONNECT).toBeUndefined();
    expect(compose.services.mongo?.command).toEqual(expect.arrayContaining(['--replSet', 'rs0']));
    expect(JSON.stringify(compose.services.mongo?.healthcheck?.test)).toContain('rs.initiate');
    expect(composeEnv(compose.services.elasticsearch ?? {})['discovery.type']).toBe('single-node');
    for (const name of SERVICES)
      expect(composeEnv(compose.services[name] ?? {}).STORE_URL).toMatch(new RegExp(`/${name}\\?replicaSet=rs0(&|$)`));
  });
});

describe('deploy/Dockerfile', () => {
  const dockerfile = readFileSync(join(ROOT, 'deploy', 'Dockerfile'), 'utf8');
  const startScript = readFileSync(join(ROOT, 'deploy', 'start.sh'), 'utf8');

  it('Dockerfile, base and install, uses node:24-slim and production dependencies only at runtime', () => {
    expect(dockerfile).toMatch(/ARG NODE_IMAGE=node:24-slim/);
    expect(dockerfile).toContain('npm ci --omit=dev');
    expect(dockerfile).toContain('CMD ["deploy/start.sh"]');
  });

  it('Dockerfile, workspace manifests, copies the package.json of every workspace so npm ci sees the lockfile whole', () => {
    const workspaces = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] })
      .workspaces;
    for (const workspace of workspaces)
      expect(dockerfile, workspace).toContain(`COPY ${workspace}/package.json ${workspace}/`);
  });

  it('Dockerfile, web client, builds with the web workspace build script that the runtime stage copies from', () => {
    const web = JSON.parse(readFileSync(join(ROOT, 'web', 'package.json'), 'utf8')) as {
      scripts?: Record<string, string>;
    };
    expect(dockerfile).toContain('RUN npm run build --workspace web');
    expect(web.scripts?.build).toBeTruthy();
    expect(dockerfile).toContain('COPY --from=web --chown=node:node /app/web/dist ./web/dist');
  });

  it('start.sh, every process, maps SERVICE to an entry file that exists', () => {
    expect(startScript).toContain('exec node $NODE_FLAGS gateway/src/server.ts');
    expect(startScript).toContain('exec node $NODE_FLAGS gateway/src/standalone.ts');
    expect(startScript).toContain('exec node $NODE_FLAGS "services/${SERVICE}/src/server.ts"');
    for (const name of SERVICES) expect(startScript).toContain(name);
    expect(exists('gateway/src/standalone.ts')).toBe(true);
  });

  it('start.sh, npm start and the benches, run every server with the same V8 flags', () => {
    const flags = /^NODE_FLAGS="([^"]*)"$/m.exec(startScript)?.[1];
    const npmStart = (
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts['start'];

    expect(flags).toBe(SERVER_NODE_ARGS.join(' '));
    expect(npmStart).toContain(`node ${SERVER_NODE_ARGS.join(' ')} gateway/src/standalone.ts`);
  });
});

describe('deploy/elasticsearch', () => {
  const dockerfile = readFileSync(join(ROOT, 'deploy', 'elasticsearch', 'Dockerfile'), 'utf8');
  const base = /^ARG ELASTICSEARCH_IMAGE=(\S+)$/m.exec(dockerfile)?.[1];
  const kuromojiImage = (image: string | undefined) => image?.startsWith('talkwith/elasticsearch:') ?? false;

  it('Dockerfile, official image, installs the analysis-kuromoji plugin the search adapter analyses Japanese with', () => {
    expect(base).toMatch(/^docker\.elastic\.co\/elasticsearch\/elasticsearch:\d+\.\d+\.\d+$/);
    expect(dockerfile).toContain('FROM ${ELASTICSEARCH_IMAGE}');
    expect(dockerfile).toMatch(/^RUN bin\/elasticsearch-plugin install --batch analysis-kuromoji$/m);
  });

  it('compose, elasticsearch, builds deploy/elasticsearch into an image tagged with the base version', () => {
    const service = readCompose().services.elasticsearch ?? {};
    expect(service.build?.context).toBe('deploy/elasticsearch');
    expect(kuromojiImage(service.image)).toBe(true);
    expect(service.image?.split(':')[1]).toMatch(new RegExp(`^${base?.split(':')[1]}-kuromoji$`));
  });

  it('k8s, elasticsearch, runs the kuromoji image and kustomization pins its tag', () => {
    const objects = readK8s();
    const [container] = podContainers(find(objects, 'StatefulSet', 'elasticsearch')!);
    const kustomization = parse(readFileSync(join(ROOT, 'deploy', 'k8s', 'kustomization.yaml'), 'utf8')) as {
      images: { name: string; newTag: string }[];
    };
    const pinned = kustomization.images.find((image) => image.name === 'talkwith/elasticsearch');
    expect(kuromojiImage(container?.image)).toBe(true);
    expect(pinned?.newTag).toBe(container?.image.split(':')[1]);
    expect(pinned?.newTag).toBe(`${base?.split(':')[1]}-kuromoji`);
  });
});

describe('deploy/k8s', () => {
  const objects = readK8s();
  const deployment = (name: string) => find(objects, 'Deployment', name);

  it('compose and k8s, FILES_PUBLIC_BASE_URL, point at the /files route the gateway serves media under', () => {
    const compose = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8');
    const configmap = readFileSync(join(ROOT, 'deploy/k8s/01-configmap.yaml'), 'utf8');
    for (const text of [compose, configmap]) {
      for (const [, value] of text.matchAll(/FILES_PUBLIC_BASE_URL:\s*(\S+)/g)) expect(value).toMatch(/\/files$/);
    }
  });

  it('k8s, kustomization, lists every manifest file', () => {
    const kustomization = parse(readFileSync(join(ROOT, 'deploy', 'k8s', 'kustomization.yaml'), 'utf8')) as {
      resources: string[];
    };
    expect([...kustomization.resources].sort()).toEqual(k8sFiles().sort());
  });

  it('k8s, objects, all live in the talkwith namespace', () => {
    expect(find(objects, 'Namespace', 'talkwith')).toBeDefined();
    for (const o of objects.filter((x) => x.kind !== 'Namespace'))
      expect(o.metadata.namespace, `${o.kind} ${o.metadata.name}`).toBe('talkwith');
  });

  it.each(PROCESSES)('k8s, %s, has a Deployment with probes and resources, and a Service selecting it', (name) => {
    const container = podContainers(deployment(name) as K8sObject)[0];
    expect(container?.readinessProbe?.httpGet?.path).toBe('/readyz');
    expect(container?.livenessProbe?.httpGet?.path).toBe('/healthz');
    expect(container?.resources?.requests?.cpu && container.resources.requests.memory).toBeTruthy();
    expect(container?.resources?.limits?.memory).toBeTruthy();
    const service = find(objects, 'Service', name);
    expect((service?.spec as { selector: Record<string, string> }).selector).toEqual({
      'app.kubernetes.io/name': name,
    });
  });

  it.each(PROCESSES)(
    'k8s, %s environment, sets every required variable from the ConfigMap/Secret and passes the config schema',
    (name) => {
      const container = podContainers(deployment(name) as K8sObject)[0];
      expectValidProcessEnv(name, containerEnv(container!, objects));
    },
  );

  it('k8s, gateway environment, points at the Service of every service', () => {
    const env = containerEnv(podContainers(deployment('gateway') as K8sObject)[0]!, objects);
    expectGatewayReachesEveryService(env, (service) => `${service}.talkwith.svc.cluster.local`);
  });

  it('k8s, gateway behind the Ingress, believes exactly that one X-Forwarded-For hop', () => {
    // With 0 every user would share the ingress pod's address and one user's failed log-ins would lock out all.
    const env = containerEnv(podContainers(deployment('gateway') as K8sObject)[0]!, objects);
    expect(objects.some((o) => o.kind === 'Ingress')).toBe(true);
    expect(env.TRUST_PROXY_HOPS).toBe('1');
  });

  it('k8s, secret, holds only placeholders marked REPLACE_ME for the real secrets', () => {
    const secret = find(objects, 'Secret', 'talkwith-secrets');
    expect(secret?.stringData?.JWT_SECRET).toMatch(/^REPLACE_ME/);
    expect(secret?.stringData?.ADMIN_PATH_PREFIX).toMatch(/^REPLACE_ME/);
  });

  it('k8s, engines, run as StatefulSets with a Service each (or are replaced by managed ones)', () => {
    for (const name of BACKING) {
      expect(find(objects, 'StatefulSet', name), `StatefulSet ${name}`).toBeDefined();
      expect(find(objects, 'Service', name), `Service ${name}`).toBeDefined();
    }
    expect(find(objects, 'Job', 'mongo-rs-init')).toBeDefined();
  });

  it('k8s, scaling and entry, has HPAs for gateway and dialogue and an Ingress to the gateway', () => {
    for (const name of ['gateway', 'dialogue']) {
      const target = (
        find(objects, 'HorizontalPodAutoscaler', name)?.spec as { scaleTargetRef: { kind: string; name: string } }
      ).scaleTargetRef;
      expect(target).toMatchObject({ kind: 'Deployment', name });
      expect(deployment(name)).toBeDefined();
    }
    expect(JSON.stringify(find(objects, 'Ingress', 'talkwith')?.spec)).toContain('"name":"gateway"');
  });
});
