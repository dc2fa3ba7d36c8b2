import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { createIndexSql, indexDef, planQuery, tableName } from './sqlite-plan.ts';

/** SQLite's own account of how it would run the planned query. */
function explain(filter: Record<string, unknown>, sort: Record<string, 1 | -1>, pushable: Set<string>): string {
  const db = new DatabaseSync(':memory:');
  db.exec(`CREATE TABLE ${tableName('logs')} (id TEXT PRIMARY KEY NOT NULL, doc TEXT NOT NULL)`);
  db.exec(createIndexSql('logs', indexDef({ user_id: 1, created_at: -1 })));
  const plan = planQuery(filter, sort, pushable);
  const sql = `SELECT doc FROM ${tableName('logs')} WHERE ${plan.where}${plan.orderBy ? ` ORDER BY ${plan.orderBy}` : ''} LIMIT 50`;
  const rows = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...plan.params);
  db.close();
  return rows.map((r) => String(r['detail'])).join('\n');
}

describe('sqlite query plan', () => {
  it('planQuery, equality on the leading indexed field sorted by the next, searches the index with no sort step', () => {
    const detail = explain({ user_id: 'u1' }, { created_at: -1 }, new Set(['user_id', 'created_at']));
    expect(detail).toMatch(/SEARCH .* USING INDEX/);
    expect(detail).not.toMatch(/TEMP B-TREE/);
  });

  it('planQuery, a field that has held an array, is left to the in-memory check', () => {
    const plan = planQuery({ tags: 'a', user_id: 'u1' }, { created_at: -1 }, new Set(['user_id']));
    expect(plan.params).toEqual(['u1']);
    expect(plan.orderBy).toBeNull();
  });

  it('planQuery, operators it cannot translate, are left out rather than guessed', () => {
    const plan = planQuery(
      { user_id: { $regex: '^u', $ne: 'x' }, n: { $gt: 2 } },
      undefined,
      new Set(['user_id', 'n']),
    );
    expect(plan.where).toBe("1 AND ifnull(json_extract(doc, '$.n'), -9e999) > ?");
    expect(plan.params).toEqual([2]);
  });

  it('indexDef, a field name with quotes, is refused before it reaches SQL', () => {
    expect(() => indexDef({ "a'); DROP TABLE x; --": 1 })).toThrow(/cannot index/);
  });
});
