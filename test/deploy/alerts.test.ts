import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT, readCompose } from './manifests.ts';

// The alert rules next to the dashboard must query metrics that exist: a rule
// on a misspelt name never fires and nobody notices. Names come from the
// prom-client registrations in the source, the three fixed by the shared
// contract (counted by the platform's bus, jobs and outbox relay), and the
// blackbox exporter's probe for the certificate.
type Rule = {
  alert: string;
  expr: string;
  for?: string;
  labels?: { severity?: string };
  annotations?: { summary?: string };
};
type Rules = { groups: { name: string; rules: Rule[] }[] };

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const CONTRACT_METRICS = [
  'talkwith_bus_parked_events_total',
  'talkwith_jobs_failed_total',
  'talkwith_outbox_relay_failures_total',
];
const EXPORTER_METRICS = ['probe_ssl_earliest_cert_expiry', 'probe_success'];
const PROMQL_WORDS = new Set([
  'sum',
  'max',
  'min',
  'avg',
  'count',
  'by',
  'without',
  'and',
  'or',
  'unless',
  'on',
  'ignoring',
  'rate',
  'irate',
  'increase',
  'histogram_quantile',
  'time',
  'absent',
  'offset',
  'bool',
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.includes('node_modules'))
    .map((f) => join(dir, f));
}

/** Every metric name a prom-client Counter/Gauge/Histogram registers in the services and the gateway (with a histogram's series). */
function exportedMetrics(): Set<string> {
  const names = new Set<string>();
  for (const file of [...sourceFiles('services'), ...sourceFiles('gateway/src')]) {
    const text = read(file);
    for (const [, kind, name] of text.matchAll(
      /new (Counter|Gauge|Histogram|Summary)\(\{\s*name: '([a-z_:][a-z0-9_:]*)'/g,
    )) {
      names.add(name!);
      if (kind === 'Histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${name}${suffix}`);
    }
  }
  return names;
}

/** Metric names in a PromQL expression: identifiers left once label sets, ranges, groupings, strings and numbers are removed. */
export function metricsIn(expr: string): string[] {
  const stripped = expr
    .replace(/"[^"]*"/g, ' ')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, ' ');
  const words = stripped.match(/[a-zA-Z_:][a-zA-Z0-9_:]*/g) ?? [];
  return [...new Set(words.filter((w) => !PROMQL_WORDS.has(w)))];
}

describe('prometheus alert rules', () => {
  const rules = (parse(read('deploy/prometheus/alerts.yml')) as Rules).groups.flatMap((g) => g.rules);
  const known = new Set([...exportedMetrics(), ...CONTRACT_METRICS, ...EXPORTER_METRICS]);

  it('metricsIn, expression with labels, ranges and groupings, names only the metrics', () => {
    expect(metricsIn('sum by (service, le) (rate(a_total{job="x"}[5m])) / max(b) > 0.1 and time() - c')).toEqual([
      'a_total',
      'b',
      'c',
    ]);
  });

  it('alerts, every expression, queries only metrics the code exports (or the contract and blackbox names)', () => {
    expect(known.has('talkwith_http_requests_total')).toBe(true);
    for (const rule of rules) {
      const unknown = metricsIn(rule.expr).filter((m) => !known.has(m));
      expect(unknown, rule.alert).toEqual([]);
    }
  });

  it('alerts, coverage, watch errors, latency, lag, outbox, parked events, failed jobs, relay failures and the certificate', () => {
    const queried = new Set(rules.flatMap((r) => metricsIn(r.expr)));
    for (const metric of [
      'talkwith_http_server_errors_total',
      'talkwith_http_request_duration_seconds_bucket',
      'talkwith_event_consumer_lag',
      'talkwith_outbox_backlog',
      ...CONTRACT_METRICS,
      'probe_ssl_earliest_cert_expiry',
    ])
      expect(queried.has(metric), metric).toBe(true);
  });

  it('alerts, every rule, has a unique name, a severity and a summary', () => {
    expect(new Set(rules.map((r) => r.alert)).size).toBe(rules.length);
    for (const rule of rules) {
      expect(['page', 'warn'], rule.alert).toContain(rule.labels?.severity);
      expect(rule.annotations?.summary, rule.alert).toBeTruthy();
      if (rule.for) expect(rule.for, rule.alert).toMatch(/^\d+[smh]$/);
    }
  });

  it('alerts, compose Prometheus, loads the rules file it mounts', () => {
    const prometheus = parse(read('deploy/prometheus/prometheus.yml')) as { rule_files: string[] };
    const volumes = (readCompose().services.prometheus as { volumes?: string[] }).volumes ?? [];

    expect(prometheus.rule_files).toEqual(['/etc/prometheus/alerts.yml']);
    expect(volumes).toContain('./deploy/prometheus/alerts.yml:/etc/prometheus/alerts.yml:ro');
  });
});
