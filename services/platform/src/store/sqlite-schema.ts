/**
 * What the SQLite store knows about each collection: its table, its indexes
 * (kept in `_store_indexes` so TTL sweeps survive a restart) and which indexed
 * fields have ever held an array (`_store_multikey`; those are never pushed
 * down, see sqlite-plan.ts). All of it is created inside the caller's write.
 */
import { AppError } from '../errors/index.ts';
import type { Doc } from '../ports/store.ts';
import type { SqliteEngine } from './sqlite-engine.ts';
import { isUniqueViolation } from './sqlite-engine.ts';
import { createIndexSql, crossesArray, tableName, type IndexDef } from './sqlite-plan.ts';

export interface CollectionSchema {
  name: string;
  table: string;
  indexes: IndexDef[];
  /** Indexed fields that never held an array: safe to push down. */
  pushable: Set<string>;
  multikey: Set<string>;
}

export class SqliteSchema {
  private readonly engine: SqliteEngine;
  private readonly known = new Map<string, CollectionSchema>();

  constructor(engine: SqliteEngine) {
    this.engine = engine;
    engine.db.exec(
      `CREATE TABLE IF NOT EXISTS _store_indexes (coll TEXT NOT NULL, name TEXT NOT NULL, def TEXT NOT NULL, PRIMARY KEY (coll, name))`,
    );
    engine.db.exec(
      `CREATE TABLE IF NOT EXISTS _store_multikey (coll TEXT NOT NULL, path TEXT NOT NULL, PRIMARY KEY (coll, path))`,
    );
    // A rolled-back transaction may have created tables or indexes: read them again.
    engine.onRollback = () => this.known.clear();
  }

  /** The collection's schema, creating its table on first use (call inside engine.read/write). */
  of(name: string): CollectionSchema {
    const cached = this.known.get(name);
    if (cached) return cached;
    if (!name || name.includes('\u0000')) throw new AppError('VALIDATION_FAILED', 'invalid collection name');
    const table = tableName(name);
    this.engine.db.exec(`CREATE TABLE IF NOT EXISTS ${table} (id TEXT PRIMARY KEY NOT NULL, doc TEXT NOT NULL)`);
    const indexes = this.engine
      .statement('SELECT def FROM _store_indexes WHERE coll = ?')
      .all(name)
      .map((row) => JSON.parse(String(row['def'])) as IndexDef);
    const multikey = new Set(
      this.engine
        .statement('SELECT path FROM _store_multikey WHERE coll = ?')
        .all(name)
        .map((row) => String(row['path'])),
    );
    const schema: CollectionSchema = { name, table, indexes, multikey, pushable: new Set() };
    refreshPushable(schema);
    this.known.set(name, schema);
    return schema;
  }

  /** Creates the index (a unique one fails with DUPLICATE_KEY on data that violates it). */
  addIndex(schema: CollectionSchema, def: IndexDef): void {
    const existing = schema.indexes.find((i) => i.name === def.name);
    if (existing) {
      if (JSON.stringify(existing) === JSON.stringify(def)) return;
      throw new AppError('CONFLICT', `index ${def.name} exists with other options`);
    }
    try {
      this.engine.db.exec(createIndexSql(schema.name, def));
    } catch (err) {
      if (isUniqueViolation(err))
        throw new AppError(
          'DUPLICATE_KEY',
          `existing documents of ${schema.name} violate the unique index ${def.name}`,
          { cause: err },
        );
      throw err;
    }
    this.engine
      .statement('INSERT INTO _store_indexes (coll, name, def) VALUES (?, ?, ?)')
      .run(schema.name, def.name, JSON.stringify(def));
    schema.indexes.push(def);
    for (const text of this.engine.firstColumn(`SELECT doc FROM ${schema.table}`))
      this.noteArrays(schema, JSON.parse(String(text)) as Doc);
    refreshPushable(schema);
  }

  /** Records indexed fields where `doc` holds an array (once per field, ever). */
  noteArrays(schema: CollectionSchema, doc: Doc): void {
    for (const index of schema.indexes) {
      for (const field of Object.keys(index.keys)) {
        if (schema.multikey.has(field) || !crossesArray(doc, field)) continue;
        schema.multikey.add(field);
        this.engine
          .statement('INSERT OR IGNORE INTO _store_multikey (coll, path) VALUES (?, ?)')
          .run(schema.name, field);
        refreshPushable(schema);
      }
    }
  }

  /** Every collection that has a TTL index, with that index (for the sweep). */
  ttlIndexes(): Array<{ collection: string; def: IndexDef }> {
    return this.engine
      .statement('SELECT coll, def FROM _store_indexes')
      .all()
      .map((row) => ({ collection: String(row['coll']), def: JSON.parse(String(row['def'])) as IndexDef }))
      .filter(({ def }) => def.ttlSeconds !== null);
  }
}

function refreshPushable(schema: CollectionSchema): void {
  schema.pushable = new Set(schema.indexes.flatMap((i) => Object.keys(i.keys)).filter((f) => !schema.multikey.has(f)));
}
