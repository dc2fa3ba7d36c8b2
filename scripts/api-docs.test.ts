import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { services } from '@talkwith/gateway';
import { apiMdOf, authOf, END, renderTable, routeRows, START, withTable, type RouteRow } from './api-docs.ts';

const row: RouteRow = {
  method: 'GET',
  path: '/api/things/:id',
  summary: 'One thing',
  auth: 'user',
  request: 'params IdParams',
  response: '200 ThingReply',
};

describe('API.md route tables', () => {
  it.each(services.map((service) => [service.name, service] as const))(
    "%s API.md, compared with the service's routes, holds the table npm run api-docs writes",
    async (_name, service) => {
      const text = readFileSync(apiMdOf(service), 'utf8');

      const expected = withTable(text, renderTable(await routeRows(service)));

      expect(text).toBe(expected);
    },
    60_000,
  );

  it('withTable, a stale table between the markers, replaces only the table and keeps the prose around it', () => {
    const text = `# Things\n\nProse.\n\n${START}\n| old |\n${END}\n\nMore prose.\n`;

    const written = withTable(text, renderTable([row]));

    expect(written).toBe(`# Things\n\nProse.\n\n${renderTable([row])}\n\nMore prose.\n`);
  });

  it('withTable, an API.md without markers, appends the table under a Routes heading', () => {
    expect(withTable('# Things\n', renderTable([row]))).toBe(`# Things\n\n## Routes\n\n${renderTable([row])}\n`);
  });

  it('authOf, an admin path, a handler that needs a caller and one that needs nobody, tells each apart', () => {
    expect(authOf('/api/admin/things', 'async () => list()')).toBe('admin');
    expect(authOf('/api/things', 'async (r) => { const c = await requireCaller(r); }')).toBe('user');
    expect(authOf('/api/things', 'async (r) => { const c = await optionalCaller(r); }')).toBe('optional');
    expect(authOf('/api/things', 'async (r) => { const c = await (0, m.requireCaller)(r); }')).toBe('user');
    expect(authOf('/api/things', 'async () => list()')).toBe('public');
  });
});
