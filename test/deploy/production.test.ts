import { describe, expect, it } from 'vitest';
import { kafkaOptionsFromUrl } from '@talkwith/platform/platform';
import {
  PROCESSES,
  composeEnv,
  containerEnv,
  find,
  podContainers,
  readCompose,
  readK8s,
  type Container,
  type K8sObject,
} from './manifests.ts';
import { mayConnect, selects, type Peer } from './network.ts';

// What a production deployment needs beyond "every process starts": mail,
// authentication on every engine, a drain that fits Kubernetes' grace period,
// disruption budgets, network isolation and the first admin. Read, not run:
// there is no Docker engine or cluster on CI machines.

const ENGINES = ['kafka', 'mongo', 'redis', 'elasticsearch'] as const;
const password = (url: string | undefined) => decodeURIComponent(new URL(url ?? '').password);
function kafkaPassword(url: string | undefined): string | undefined {
  const sasl = kafkaOptionsFromUrl(url ?? '').sasl;
  return sasl && 'password' in sasl ? sasl.password : undefined;
}

type Pod = {
  metadata?: { labels?: Record<string, string> };
  spec: {
    containers: (Container & ContainerExtras)[];
    initContainers?: Container[];
    terminationGracePeriodSeconds?: number;
  };
};
type ContainerExtras = {
  args?: string[];
  command?: string[];
  lifecycle?: { preStop?: { exec?: { command: string[] } } };
};

/** Compose's duration (`30s`, `1m30s`, `500ms`) in ms. */
function composeDuration(text: string): number {
  const units: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1, us: 0.001 };
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(h|ms|m|s|us)/g)];
  if (parts.length === 0) throw new Error(`not a compose duration: ${text}`);
  return parts.reduce((sum, [, value, unit]) => sum + Number(value) * (units[unit as string] ?? NaN), 0);
}

function podOf(object: K8sObject): Pod {
  const spec = object.spec as { template?: Pod; jobTemplate?: { spec: { template: Pod } } };
  return spec.template ?? (spec.jobTemplate as { spec: { template: Pod } }).spec.template;
}

describe('docker-compose.yml, production settings', () => {
  const compose = readCompose() as ReturnType<typeof readCompose> & {
    services: Record<
      string,
      {
        restart?: string;
        stop_grace_period?: string;
        deploy?: { resources?: { limits?: { memory?: string } } };
        command?: string[];
        entrypoint?: string[];
        ports?: string[];
      }
    >;
  };
  const env = (name: string) => composeEnv(compose.services[name] ?? {});

  it("compose, mail, sends every process's mail to the Mailpit catcher the user can read", () => {
    expect(compose.services.mailpit?.image).toMatch(/^axllent\/mailpit:/);
    expect(compose.services.mailpit?.ports).toContain('8025:8025');
    for (const name of PROCESSES) expect(env(name).MAIL_URL, name).toBe('smtp://mailpit:1025');
  });

  it('compose, PUBLIC_URL, is the published gateway, not the container port', () => {
    const published = compose.services.gateway?.ports?.[0]?.split(':')[0];
    for (const name of PROCESSES) expect(env(name).PUBLIC_URL, name).toBe(`http://localhost:${published}`);
  });

  it('compose, every container, restarts on failure and has a memory limit', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      expect(service.restart, `${name} restart`).toBe('unless-stopped');
      if (name !== 'grafana' && name !== 'prometheus')
        expect(service.deploy?.resources?.limits?.memory, `${name} memory limit`).toBeTruthy();
    }
  });

  it.each(PROCESSES)(
    'compose, %s shutdown, gets longer between SIGTERM and SIGKILL (stop_grace_period, 10 s unset) than its unready time and drain',
    (name) => {
      const grace = composeDuration(compose.services[name]?.stop_grace_period ?? '10s');
      const drain = Number(env(name).SHUTDOWN_UNREADY_MS ?? 0) + Number(env(name).SHUTDOWN_GRACE_MS);

      expect(drain, `${name}: SHUTDOWN_GRACE_MS set`).toBeGreaterThan(0);
      expect(grace, `${name}: stop_grace_period must outlast the drain`).toBeGreaterThan(drain);
    },
  );

  it("compose, engines, require the passwords the processes' URLs carry", () => {
    const app = env('identity');
    expect(compose.services.redis?.command).toEqual(expect.arrayContaining(['--requirepass', '--appendonly']));
    const redisPassword =
      compose.services.redis?.command?.[compose.services.redis.command.indexOf('--requirepass') + 1];
    expect(password(app.JOBS_URL)).toBe(env('redis').REDISCLI_AUTH);
    expect(password(app.CACHE_URL)).toBe(env('redis').REDISCLI_AUTH);
    expect(redisPassword && composeEnv({ environment: { v: redisPassword } }).v).toBe(env('redis').REDISCLI_AUTH);

    expect(password(app.STORE_URL)).toBe(env('mongo').MONGO_INITDB_ROOT_PASSWORD);
    expect(compose.services.mongo?.command).toEqual(expect.arrayContaining(['--keyFile']));

    const kafka = env('kafka');
    expect(kafka.KAFKA_LISTENER_SECURITY_PROTOCOL_MAP).not.toMatch(/(^|,)PLAINTEXT:PLAINTEXT/);
    expect(kafka.KAFKA_LISTENER_NAME_SASL__PLAINTEXT_PLAIN_SASL_JAAS_CONFIG).toContain(
      `user_talkwith="${kafkaPassword(app.BUS_URL)}"`,
    );
    expect(kafkaOptionsFromUrl(app.BUS_URL ?? '').sasl?.mechanism).toBe('plain');

    expect(env('elasticsearch')['xpack.security.enabled']).toBe('true');
    expect(password(app.SEARCH_URL)).toBe(env('elasticsearch').ELASTIC_PASSWORD);
  });
});

describe('deploy/k8s, production settings', () => {
  const objects = readK8s();
  const deployment = (name: string) => find(objects, 'Deployment', name) as K8sObject;
  const appEnv = (name: string) => containerEnv(podContainers(deployment(name))[0]!, objects);
  const engineSecret = find(objects, 'Secret', 'talkwith-engine-credentials')?.stringData ?? {};
  const engineContainer = (name: string) => podOf(find(objects, 'StatefulSet', name) as K8sObject).spec.containers[0]!;

  it.each(PROCESSES)(
    'k8s, %s shutdown, waits 5 s in preStop and drains (unready time included) within terminationGracePeriodSeconds 30',
    (name) => {
      const pod = podOf(deployment(name));
      const grace = Number(appEnv(name).SHUTDOWN_GRACE_MS) / 1000;
      // Kubernetes takes the pod out of its Service during preStop: staying up unready after SIGTERM only adds to the wait.
      const unready = Number(appEnv(name).SHUTDOWN_UNREADY_MS ?? 0) / 1000;

      expect(pod.spec.terminationGracePeriodSeconds).toBe(30);
      expect(pod.spec.containers[0]?.lifecycle?.preStop?.exec?.command).toEqual(['sleep', '5']);
      expect(
        5 + unready + grace,
        'preStop + SHUTDOWN_UNREADY_MS + SHUTDOWN_GRACE_MS must end before SIGKILL',
      ).toBeLessThan(30);
    },
  );

  it.each(PROCESSES)(
    'k8s, %s disruptions, a PodDisruptionBudget keeps at least one of its replicas serving',
    (name) => {
      const pdb = find(objects, 'PodDisruptionBudget', name)?.spec as {
        maxUnavailable?: number;
        selector: { matchLabels: Record<string, string> };
      };
      const replicas = (deployment(name).spec as { replicas: number }).replicas;
      const labels = podOf(deployment(name)).metadata?.labels ?? {};

      expect(selects(pdb.selector, labels)).toBe(true);
      expect(replicas - (pdb.maxUnavailable ?? replicas)).toBeGreaterThanOrEqual(1);
    },
  );

  it.each(PROCESSES)('k8s, %s environment, has mail, PUBLIC_URL on the Ingress host and the shared secrets', (name) => {
    const env = appEnv(name);
    const ingressHost = JSON.stringify(find(objects, 'Ingress', 'talkwith')?.spec).match(/"host":"([^"]+)"/)?.[1];

    expect(env.MAIL_URL).toMatch(/^smtps?:\/\//);
    expect(env.PUBLIC_URL).toBe(`https://${ingressHost}`);
    for (const key of ['JWT_SECRET', 'ADMIN_PATH_PREFIX', 'CREDENTIALS_KEY', 'CREDENTIALS_IV'])
      expect(env[key], key).toBeTruthy();
  });

  it('k8s, every container of every workload, has CPU and memory requests and a memory limit', () => {
    const workloads = objects.filter((o) => ['Deployment', 'StatefulSet', 'Job', 'CronJob'].includes(o.kind));
    for (const workload of workloads) {
      const pod = podOf(workload);
      for (const c of [...pod.spec.containers, ...(pod.spec.initContainers ?? [])]) {
        expect(
          c.resources?.requests?.cpu && c.resources.requests.memory,
          `${workload.metadata.name}/${c.name} requests`,
        ).toBeTruthy();
        expect(c.resources?.limits?.memory, `${workload.metadata.name}/${c.name} memory limit`).toBeTruthy();
      }
    }
  });

  it('k8s, engine URLs, carry the passwords the engines start with', () => {
    const env = appEnv('billing');
    expect(kafkaPassword(env.BUS_URL)).toBe(engineSecret.KAFKA_PASSWORD);
    expect(password(env.JOBS_URL)).toBe(engineSecret.REDIS_PASSWORD);
    expect(password(env.CACHE_URL)).toBe(engineSecret.REDIS_PASSWORD);
    expect(password(env.SEARCH_URL)).toBe(engineSecret.ELASTIC_PASSWORD);
    for (const name of PROCESSES) expect(password(appEnv(name).STORE_URL), name).toBe(engineSecret.MONGO_APP_PASSWORD);
  });

  it('k8s, engines, refuse unauthenticated clients', () => {
    const secretKey = (c: Container, name: string) => c.env?.find((e) => e.name === name)?.valueFrom?.secretKeyRef?.key;
    const kafka = engineContainer('kafka');
    expect(kafka.env?.find((e) => e.name === 'KAFKA_LISTENER_SECURITY_PROTOCOL_MAP')?.value).not.toMatch(
      /(^|,)PLAINTEXT:PLAINTEXT/,
    );
    expect(
      kafka.env?.find((e) => e.name === 'KAFKA_LISTENER_NAME_SASL__PLAINTEXT_PLAIN_SASL_JAAS_CONFIG')?.value,
    ).toContain('user_talkwith="$(SASL_PASSWORD)"');
    expect(secretKey(kafka, 'SASL_PASSWORD')).toBe('KAFKA_PASSWORD');

    const mongo = engineContainer('mongo');
    expect(mongo.args).toEqual(expect.arrayContaining(['--keyFile']));
    expect(secretKey(mongo, 'MONGO_INITDB_ROOT_PASSWORD')).toBe('MONGO_ROOT_PASSWORD');
    const init = JSON.stringify(podOf(find(objects, 'Job', 'mongo-rs-init') as K8sObject).spec.containers[0]);
    expect(init).toContain("createUser({ user: 'talkwith'");

    const redis = engineContainer('redis');
    expect(redis.args).toEqual(expect.arrayContaining(['--requirepass', '$(REDIS_PASSWORD)', '--appendonly']));
    expect(secretKey(redis, 'REDIS_PASSWORD')).toBe('REDIS_PASSWORD');

    const elastic = engineContainer('elasticsearch');
    expect(elastic.env?.find((e) => e.name === 'xpack.security.enabled')?.value).toBe('true');
    expect(secretKey(elastic, 'ELASTIC_PASSWORD')).toBe('ELASTIC_PASSWORD');
    for (const [key, value] of Object.entries(engineSecret)) expect(value, key).toMatch(/^REPLACE_ME/);
  });

  it('k8s, network policies, admit only the gateway from outside, services from the gateway and each other, engines from the services', () => {
    const labelsOf = (kind: string, name: string): Peer => ({
      namespace: 'talkwith',
      labels: podOf(find(objects, kind, name) as K8sObject).metadata?.labels ?? {},
    });
    const ingress: Peer = { namespace: 'ingress-nginx', labels: { 'app.kubernetes.io/name': 'ingress-nginx' } };
    const stranger: Peer = { namespace: 'talkwith', labels: { app: 'debug-shell' } };
    const gateway = labelsOf('Deployment', 'gateway');
    const services = ['identity', 'catalog', 'dialogue', 'billing', 'engagement', 'logging'].map((s) =>
      labelsOf('Deployment', s),
    );
    const engines = ENGINES.map((e) => labelsOf('StatefulSet', e));
    const enginePorts = [9092, 27017, 6379, 9200];

    expect(mayConnect(objects, ingress, gateway, 3000)).toBe(true);
    expect(mayConnect(objects, labelsOf('CronJob', 'synthetic-talk'), gateway, 3000)).toBe(true);
    expect(mayConnect(objects, stranger, gateway, 3000)).toBe(false);
    for (const service of services) {
      expect(mayConnect(objects, ingress, service, 3000)).toBe(false);
      expect(mayConnect(objects, stranger, service, 3000)).toBe(false);
      expect(mayConnect(objects, gateway, service, 3000)).toBe(true);
      expect(mayConnect(objects, services[0]!, service, 3000)).toBe(true);
    }
    engines.forEach((engine, i) => {
      const port = enginePorts[i]!;
      expect(mayConnect(objects, ingress, engine, port)).toBe(false);
      expect(mayConnect(objects, stranger, engine, port)).toBe(false);
      expect(mayConnect(objects, services[3]!, engine, port)).toBe(true);
      expect(mayConnect(objects, labelsOf('Job', 'mongo-rs-init'), engine, port)).toBe(true);
    });
  });

  it('k8s, first admin, a Job runs admin:create with the e-mail and password from Secret talkwith-first-admin', () => {
    const job = find(objects, 'Job', 'first-admin') as K8sObject;
    const container = podOf(job).spec.containers[0]!;
    const fromSecret = (name: string) => container.env?.find((e) => e.name === name)?.valueFrom?.secretKeyRef;
    const env = containerEnv(container, objects);

    expect(container.command?.join(' ')).toContain('npm run admin:create -- --email "$ADMIN_EMAIL"');
    expect(container.command?.join(' ')).not.toContain('ADMIN_PASSWORD');
    expect(fromSecret('ADMIN_EMAIL')).toEqual({ name: 'talkwith-first-admin', key: 'ADMIN_EMAIL' });
    expect(fromSecret('ADMIN_PASSWORD')).toEqual({ name: 'talkwith-first-admin', key: 'ADMIN_PASSWORD' });
    expect(env.STORE_URL).toBe(appEnv('identity').STORE_URL);
    const mongo = {
      namespace: 'talkwith',
      labels: podOf(find(objects, 'StatefulSet', 'mongo') as K8sObject).metadata?.labels ?? {},
    };
    expect(
      mayConnect(objects, { namespace: 'talkwith', labels: podOf(job).metadata?.labels ?? {} }, mongo, 27017),
    ).toBe(true);
  });
});
