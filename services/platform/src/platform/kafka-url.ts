import type { KafkaBusOptions } from '../bus/index.ts';

type Sasl = NonNullable<KafkaBusOptions['sasl']>;

function saslOptions(mechanism: string, username: string, password: string): Sasl {
  switch (mechanism) {
    case 'plain':
      return { mechanism: 'plain', username, password };
    case 'scram-sha-256':
      return { mechanism: 'scram-sha-256', username, password };
    case 'scram-sha-512':
      return { mechanism: 'scram-sha-512', username, password };
    default:
      throw new Error(`BUS_URL: sasl=${mechanism} is not one of plain, scram-sha-256, scram-sha-512`);
  }
}

/**
 * BUS_URL=kafka://[user:password@]h1:9092,h2:9092[?sasl=scram-sha-512&tls=true].
 * Written by hand because WHATWG URL rejects a comma-separated host list.
 * Credentials mean SASL (SCRAM-SHA-512 unless `sasl` says plain or
 * scram-sha-256); `tls=true` for brokers that only speak TLS (managed Kafka).
 */
export function kafkaOptionsFromUrl(url: string): Pick<KafkaBusOptions, 'brokers' | 'sasl' | 'ssl'> {
  const rest = url.replace(/^kafka:\/\//, '');
  const [authority = '', query = ''] = rest.split('?', 2);
  const at = authority.lastIndexOf('@');
  const hosts = at < 0 ? authority : authority.slice(at + 1);
  const brokers = hosts
    .split(',')
    .map((b) => b.trim())
    .filter(Boolean);
  const params = new URLSearchParams(query);
  const ssl = params.get('tls') === 'true' ? { ssl: true } : {};
  if (at < 0) return { brokers, ...ssl };
  const userinfo = authority.slice(0, at);
  const colon = userinfo.indexOf(':');
  const username = decodeURIComponent(colon < 0 ? userinfo : userinfo.slice(0, colon));
  const password = colon < 0 ? '' : decodeURIComponent(userinfo.slice(colon + 1));
  return { brokers, sasl: saslOptions(params.get('sasl') ?? 'scram-sha-512', username, password), ...ssl };
}
