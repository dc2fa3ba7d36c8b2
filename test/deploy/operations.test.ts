import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import {
  PROCESSES,
  ROOT,
  composeEnv,
  exists,
  find,
  interpolate,
  readCompose,
  readK8s,
  type K8sObject,
} from './manifests.ts';

// Operations (issue 15): the monitoring files compose and Kubernetes load must
// agree with what the processes expose (metric names, the /metrics path, the
// bearer token). No Docker engine here: the files are read, not run.
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const METRICS = [
  'talkwith_http_requests_total',
  'talkwith_http_request_duration_seconds_bucket',
  'talkwith_http_server_errors_total',
  'talkwith_event_consumer_lag',
  'talkwith_outbox_backlog',
  'talkwith_open_websockets',
];

type Dashboard = { panels: Array<{ title: string; targets: Array<{ expr: string }> }> };
type Scrape = {
  scrape_configs: Array<{
    metrics_path: string;
    authorization: { type: string; credentials_file: string };
    static_configs: Array<{ targets: string[] }>;
  }>;
};

describe('monitoring files', () => {
  it('dashboard, panels, query every metric the processes export', () => {
    const dashboard = JSON.parse(read('deploy/grafana/dashboards/talkwith.json')) as Dashboard;
    const queries = dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr)).join('\n');
    for (const metric of METRICS) expect(queries, metric).toContain(metric);
    expect(dashboard.panels.map((p) => p.title)).toEqual(
      expect.arrayContaining([
        'Request rate',
        'Latency p50 / p95 / p99',
        'Error rate (5xx)',
        'Event consumer lag',
        'Outbox backlog',
        'Open WebSockets',
      ]),
    );
  });

  it('prometheus, compose scrape config, reaches /metrics of every process with the bearer token file', () => {
    const [job] = (parse(read('deploy/prometheus/prometheus.yml')) as Scrape).scrape_configs;
    expect(job?.metrics_path).toBe('/metrics');
    expect(job?.authorization).toEqual({ type: 'Bearer', credentials_file: '/etc/prometheus/metrics-token' });
    const targets = job?.static_configs.flatMap((c) => c.targets) ?? [];
    expect(targets.sort()).toEqual(PROCESSES.map((p) => `${p}:3000`).sort());
  });

  it("compose, prometheus and grafana, mount the files that exist and share the processes' METRICS_TOKEN", () => {
    const compose = readCompose() as ReturnType<typeof readCompose> & { configs: Record<string, { content: string }> };
    const mounts = ['prometheus', 'grafana'].flatMap((s) =>
      ((compose.services[s] as { volumes?: string[] })?.volumes ?? []).filter((v) => v.startsWith('./')),
    );
    for (const mount of mounts) expect(exists(mount.split(':')[0]!.slice(2)), mount).toBe(true);
    const token = interpolate(compose.configs['metrics-token']?.content ?? '');
    for (const name of PROCESSES) expect(composeEnv(compose.services[name] ?? {}).METRICS_TOKEN, name).toBe(token);
  });

  it('k8s, every process, carries the scrape annotations on its pods and METRICS_TOKEN from the Secret', () => {
    const objects = readK8s();
    for (const name of PROCESSES) {
      const template = (
        find(objects, 'Deployment', name)?.spec as { template: { metadata: { annotations?: Record<string, string> } } }
      ).template;
      expect(template.metadata.annotations, name).toMatchObject({
        'prometheus.io/scrape': 'true',
        'prometheus.io/port': '3000',
        'prometheus.io/path': '/metrics',
      });
    }
    expect(find(objects, 'Secret', 'talkwith-secrets')?.stringData?.METRICS_TOKEN).toMatch(/^REPLACE_ME/);
  });

  it('k8s, synthetic talk, runs the script every 5 minutes against the gateway', () => {
    const cron = find(readK8s(), 'CronJob', 'synthetic-talk') as K8sObject & {
      spec: {
        schedule: string;
        jobTemplate: {
          spec: {
            template: {
              spec: { containers: Array<{ command: string[]; env: Array<{ name: string; value: string }> }> };
            };
          };
        };
      };
    };
    const container = cron.spec.jobTemplate.spec.template.spec.containers[0]!;
    expect(cron.spec.schedule).toBe('*/5 * * * *');
    expect(exists(container.command[1]!)).toBe(true);
    expect(container.env.find((e) => e.name === 'SYNTHETIC_BASE_URL')?.value).toBe(
      'http://gateway.talkwith.svc.cluster.local:3000',
    );
  });
});
