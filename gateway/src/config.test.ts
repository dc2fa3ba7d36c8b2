import { describe, expect, it } from 'vitest';
import { checkStandaloneConfig, loadGatewayConfig, ownedConfigSchemas } from './config.ts';

describe('gateway config', () => {
  it('loadGatewayConfig, empty environment, believes no proxy and has no admin prefix', () => {
    const config = loadGatewayConfig({});

    expect(config.TRUST_PROXY_HOPS).toBe(0);
    expect(config.ADMIN_PATH_PREFIX).toBeUndefined();
  });

  it('checkStandaloneConfig, a bad variable a service owns, stops naming it before anything starts', () => {
    expect(() => checkStandaloneConfig({ LOGIN_MAX_FAILURES: 'zero' })).toThrow(/LOGIN_MAX_FAILURES/);
  });

  it('checkStandaloneConfig, a bad variable the gateway owns, stops naming it', () => {
    expect(() => checkStandaloneConfig({ TRUST_PROXY_HOPS: '-1' })).toThrow(/TRUST_PROXY_HOPS/);
  });

  it('ownedConfigSchemas, every variable of every part, has one owner and a description', () => {
    const variables = ownedConfigSchemas().flatMap(({ schema }) => Object.entries(schema.properties));

    const names = variables.map(([name]) => name);
    const undocumented = variables
      .filter(([, prop]) => !(prop as { description?: string }).description)
      .map(([name]) => name);

    expect(names.length).toBe(new Set(names).size);
    expect(undocumented).toEqual([]);
  });
});
