import type { K8sObject } from './manifests.ts';

/**
 * Just enough of Kubernetes' NetworkPolicy semantics (ingress, pod and
 * namespace selectors with matchLabels / matchExpressions In) to ask "may a
 * pod with these labels in that namespace connect to this pod on this port?"
 * from the manifests, without a cluster.
 */
export type Labels = Record<string, string>;
export interface Peer {
  namespace: string;
  labels: Labels;
}

interface Selector {
  matchLabels?: Labels;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
}
interface PolicyPeer {
  podSelector?: Selector;
  namespaceSelector?: Selector;
}
interface PolicySpec {
  podSelector: Selector;
  policyTypes?: string[];
  ingress?: { from?: PolicyPeer[]; ports?: { port: number }[] }[];
}

export function selects(selector: Selector, labels: Labels): boolean {
  const byLabel = Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
  const byExpression = (selector.matchExpressions ?? []).every((e) => {
    if (e.operator === 'In') return e.values?.includes(labels[e.key] ?? '\u0000') ?? false;
    if (e.operator === 'Exists') return e.key in labels;
    throw new Error(`network.ts: operator ${e.operator} not modelled`);
  });
  return byLabel && byExpression;
}

function peerMatches(peer: PolicyPeer, from: Peer, policyNamespace: string): boolean {
  const namespaceLabels = { 'kubernetes.io/metadata.name': from.namespace };
  if (peer.namespaceSelector && !selects(peer.namespaceSelector, namespaceLabels)) return false;
  if (!peer.namespaceSelector && from.namespace !== policyNamespace) return false;
  return peer.podSelector ? selects(peer.podSelector, from.labels) : true;
}

/** Whether `from` may open a TCP connection to a pod labelled `to` in `namespace` on `port`. */
export function mayConnect(objects: K8sObject[], from: Peer, to: Peer, port: number): boolean {
  const policies = objects
    .filter((o) => o.kind === 'NetworkPolicy' && o.metadata.namespace === to.namespace)
    .map((o) => o.spec as unknown as PolicySpec)
    .filter((p) => (p.policyTypes ?? ['Ingress']).includes('Ingress') && selects(p.podSelector, to.labels));
  if (policies.length === 0) return true; // no policy isolates the pod
  return policies.some((p) =>
    (p.ingress ?? []).some((rule) => {
      const portOk = !rule.ports || rule.ports.some((r) => r.port === port);
      const peerOk = !rule.from || rule.from.some((peer) => peerMatches(peer, from, to.namespace));
      return portOk && peerOk;
    }),
  );
}
