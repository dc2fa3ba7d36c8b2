import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

/** Helpers for manifests.test.ts: read docker-compose.yml and deploy/k8s into plain objects. */

export const ROOT = join(import.meta.dirname, '..', '..');
export const SERVICES = ['identity', 'catalog', 'dialogue', 'billing', 'engagement', 'logging'] as const;
export const PROCESSES = [...SERVICES, 'gateway'] as const;

export type Env = Record<string, string>;

export interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile?: string };
  command?: string[] | string;
  environment?: Record<string, string | number | boolean | null>;
  healthcheck?: { test: string[] | string };
  depends_on?: Record<string, { condition: string }> | string[];
}

export interface Compose {
  services: Record<string, ComposeService>;
}

export function readCompose(): Compose {
  return parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as Compose;
}

/** Compose's `${VAR:-default}` / `${VAR-default}` interpolation with an empty environment. */
export function interpolate(value: string): string {
  return value.replace(/\$\{([A-Z0-9_]+)(?::?-([^}]*))?\}/g, (_, _name: string, fallback?: string) => fallback ?? '');
}

export function composeEnv(service: ComposeService): Env {
  const env: Env = {};
  for (const [key, value] of Object.entries(service.environment ?? {})) {
    if (value !== null) env[key] = interpolate(String(value));
  }
  return env;
}

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  spec?: Record<string, unknown>;
}

export interface Container {
  name: string;
  image: string;
  env?: {
    name: string;
    value?: string;
    valueFrom?: { secretKeyRef?: { name: string; key: string }; configMapKeyRef?: { name: string; key: string } };
  }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  readinessProbe?: { httpGet?: { path: string } };
  livenessProbe?: { httpGet?: { path: string } };
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
}

export function k8sFiles(): string[] {
  return readdirSync(join(ROOT, 'deploy', 'k8s')).filter((f) => /\.ya?ml$/.test(f) && f !== 'kustomization.yaml');
}

/** Every object of every manifest; throws on a YAML error, naming the file. */
export function readK8s(): K8sObject[] {
  return k8sFiles().flatMap((file) => {
    const docs = parseAllDocuments(readFileSync(join(ROOT, 'deploy', 'k8s', file), 'utf8'));
    for (const doc of docs) if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors[0]?.message}`);
    return docs.map((d) => d.toJS() as K8sObject).filter(Boolean);
  });
}

export function find(objects: K8sObject[], kind: string, name: string): K8sObject | undefined {
  return objects.find((o) => o.kind === kind && o.metadata.name === name);
}

export function podContainers(deployment: K8sObject): Container[] {
  const spec = deployment.spec as { template: { spec: { containers: Container[] } } };
  return spec.template.spec.containers;
}

/** The environment a container sees: envFrom ConfigMaps/Secrets, then env entries (which win). */
export function containerEnv(container: Container, objects: K8sObject[]): Env {
  const env: Env = {};
  const source = (kind: string, name: string) => {
    const object = find(objects, kind, name);
    if (!object) throw new Error(`${container.name}: ${kind} ${name} is referenced but not defined`);
    return { ...object.data, ...object.stringData };
  };
  for (const from of container.envFrom ?? []) {
    if (from.configMapRef) Object.assign(env, source('ConfigMap', from.configMapRef.name));
    if (from.secretRef) Object.assign(env, source('Secret', from.secretRef.name));
  }
  for (const entry of container.env ?? []) {
    const secretRef = entry.valueFrom?.secretKeyRef;
    const mapRef = entry.valueFrom?.configMapKeyRef;
    const value =
      entry.value ??
      (secretRef
        ? source('Secret', secretRef.name)[secretRef.key]
        : mapRef
          ? source('ConfigMap', mapRef.name)[mapRef.key]
          : undefined);
    if (value === undefined) throw new Error(`${container.name}: env ${entry.name} resolves to nothing`);
    env[entry.name] = value;
  }
  return env;
}

/** Relative path of the entry file deploy/start.sh runs for SERVICE. */
export function entryFile(service: string): string {
  return service === 'gateway' ? 'gateway/src/server.ts' : `services/${service}/src/server.ts`;
}

export function exists(relative: string): boolean {
  return existsSync(join(ROOT, relative));
}
