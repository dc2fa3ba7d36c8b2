import { describe, expect, it } from 'vitest';
import { kafkaOptionsFromUrl } from './kafka-url.ts';

describe('kafkaOptionsFromUrl', () => {
  it('kafkaOptionsFromUrl, broker list without credentials, gives brokers and no SASL', () => {
    expect(kafkaOptionsFromUrl('kafka://k1:9092, k2:9092')).toEqual({ brokers: ['k1:9092', 'k2:9092'] });
  });

  it('kafkaOptionsFromUrl, credentials, mean SCRAM-SHA-512 with the decoded user and password', () => {
    const options = kafkaOptionsFromUrl('kafka://talkwith:p%40ss%3Aw@k1:9092,k2:9092');

    expect(options).toEqual({
      brokers: ['k1:9092', 'k2:9092'],
      sasl: { mechanism: 'scram-sha-512', username: 'talkwith', password: 'p@ss:w' },
    });
  });

  it('kafkaOptionsFromUrl, sasl and tls parameters, choose the mechanism and TLS', () => {
    expect(kafkaOptionsFromUrl('kafka://u:p@k1:9093?sasl=plain&tls=true')).toEqual({
      brokers: ['k1:9093'],
      sasl: { mechanism: 'plain', username: 'u', password: 'p' },
      ssl: true,
    });
  });

  it('kafkaOptionsFromUrl, unknown mechanism, is refused naming BUS_URL', () => {
    expect(() => kafkaOptionsFromUrl('kafka://u:p@k1:9092?sasl=gssapi')).toThrow(/BUS_URL: sasl=gssapi/);
  });
});
