/**
 * Which X-Forwarded-For entries to believe. Fastify walks from the socket
 * address outwards; `hops` is how many proxies in front of this process are
 * ours. With 0 the socket address is the client, so a header the client wrote
 * itself is never taken as its address.
 */
export const trustHops =
  (hops: number) =>
  (_address: string, hop: number): boolean =>
    hop < hops;

/**
 * A service in distributed mode sits behind exactly one proxy of ours: the
 * gateway, which replaces X-Forwarded-For with the client address it resolved
 * (see gateway/src/upstreams.ts). Ingress hops are the gateway's to unwrap.
 */
export const SERVICE_TRUSTED_HOPS = 1;
