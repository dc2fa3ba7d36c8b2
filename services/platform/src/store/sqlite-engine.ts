/**
 * One SQLite connection shared by every collection of a store, with group
 * commit and async transactions on top of node:sqlite's synchronous API.
 *
 * - Group commit: writes run at once inside an open batch transaction, each in
 *   its own savepoint (so each is atomic); the batch commits on the next turn
 *   of the event loop, one fsync for every write made meanwhile, and each
 *   write's promise resolves only then (durable when acknowledged).
 * - Transactions (`withTransaction`) span awaits, so while one is open every
 *   other operation waits for it: transactions are serialised, which makes
 *   them isolated. An operation of the transaction's own async context that
 *   does not go through the transaction would wait for itself: it is refused.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { DatabaseSync, SQLInputValue, SQLOutputValue, StatementSync } from 'node:sqlite';
import { AppError } from '../errors/index.ts';

export type TxToken = symbol;

type Waiter = { resolve: () => void; reject: (err: unknown) => void };

export function isUniqueViolation(err: unknown): boolean {
  return err instanceof Error && /UNIQUE constraint failed/.test(err.message);
}

export class SqliteEngine {
  readonly db: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();
  /** Statements that return rows as arrays (see firstColumn). */
  private readonly arrayStatements = new Map<string, StatementSync>();
  private readonly context = new AsyncLocalStorage<TxToken>();
  private batchOpen = false;
  private commitScheduled = false;
  /** A scheduled commit found a transaction open and waits for it to end. */
  private flushDue = false;
  private commitWaiters: Waiter[] = [];
  private activeTx: TxToken | null = null;
  private txEndWaiters: Array<() => void> = [];
  private closed = false;
  /** Commits so far (each one fsync of the write-ahead log): the bench counts them. */
  commits = 0;
  /** Called after a transaction rolled back (caches of schema made inside it are dropped). */
  onRollback: () => void = () => undefined;

  constructor(db: DatabaseSync) {
    this.db = db;
  }

  statement(sql: string): StatementSync {
    let stmt = this.statements.get(sql);
    if (!stmt) this.statements.set(sql, (stmt = this.db.prepare(sql)));
    return stmt;
  }

  /**
   * The first column of each row `sql` returns, read lazily. The rows come as
   * arrays, not node:sqlite's row objects: those are allocated straight into
   * V8's old space (about 67 bytes a row that only a full collection frees), so
   * reading a million documents grew the process by some 70 MB each time
   * (issue 15's CSV export); arrays die young.
   */
  *firstColumn(sql: string, params: SQLInputValue[] = []): Generator<SQLOutputValue> {
    let stmt = this.arrayStatements.get(sql);
    if (!stmt) {
      stmt = this.db.prepare(sql);
      stmt.setReturnArrays(true);
      this.arrayStatements.set(sql, stmt);
    }
    // node:sqlite's types describe rows as objects whatever setReturnArrays says.
    for (const row of stmt.iterate(...params) as Iterable<unknown> as Iterable<SQLOutputValue[]>) yield row[0] ?? null;
  }

  /** Runs `read` once no other transaction is open (inside `owner`'s own, it runs at once). */
  async read<R>(read: () => R, owner?: TxToken): Promise<R> {
    this.checkCaller(owner);
    // No await between the last check and the work: a transaction cannot slip in between.
    while (!owner && this.activeTx) await this.transactionEnd();
    this.assertOpen();
    return read();
  }

  /**
   * Runs `write` atomically (a savepoint); outside a transaction resolves once
   * it is committed, inside one at once (the transaction commits it).
   */
  async write<R>(write: () => R, owner?: TxToken): Promise<R> {
    this.checkCaller(owner);
    while (!owner && this.activeTx) await this.transactionEnd();
    this.assertOpen();
    this.openBatch();
    const result = this.savepoint('op', write);
    if (owner) return result;
    await this.commitSoon();
    return result;
  }

  async transaction<R>(work: (token: TxToken) => Promise<R>): Promise<R> {
    if (this.context.getStore() === this.activeTx && this.activeTx) {
      throw new AppError('INTERNAL', 'transactions do not nest: use the transaction you are in');
    }
    this.assertOpen();
    while (this.activeTx) await this.transactionEnd();
    this.assertOpen();
    const token: TxToken = Symbol('transaction');
    this.activeTx = token;
    let outcome: { ok: true; value: R } | { ok: false; error: unknown };
    let committed: Promise<void>;
    try {
      this.openBatch();
      this.db.exec('SAVEPOINT tx');
      try {
        outcome = { ok: true, value: await this.context.run(token, () => work(token)) };
        this.db.exec('RELEASE tx');
      } catch (error) {
        this.db.exec('ROLLBACK TO tx');
        this.db.exec('RELEASE tx');
        this.onRollback();
        outcome = { ok: false, error };
      }
    } finally {
      // Even after a rollback: writes batched before the transaction began wait for this commit.
      committed = this.commitSoon();
      this.activeTx = null;
      // A commit due while this transaction ran happens now, before the next one can start: none starves.
      if (this.flushDue) this.commit();
      for (const wake of this.txEndWaiters.splice(0)) wake();
    }
    await committed;
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  }

  /** Commits what is pending and closes the connection; later calls reject with UNAVAILABLE. */
  async close(): Promise<void> {
    if (this.closed) return;
    while (this.activeTx) await this.transactionEnd();
    this.closed = true;
    this.commit();
    this.db.close();
  }

  assertOpen(): void {
    if (this.closed) throw new AppError('UNAVAILABLE', 'the store is closed');
  }

  private transactionEnd(): Promise<void> {
    return new Promise<void>((resolve) => this.txEndWaiters.push(resolve));
  }

  /** A transaction's own operations run only while it is open; anything else from inside it would wait for itself. */
  private checkCaller(owner: TxToken | undefined): void {
    this.assertOpen();
    if (owner) {
      if (owner !== this.activeTx) throw new AppError('INTERNAL', 'this transaction has already ended');
    } else if (this.activeTx && this.context.getStore() === this.activeTx) {
      throw new AppError(
        'INTERNAL',
        'inside withTransaction, use tx.collection(): the store’s own collections would wait for this transaction',
      );
    }
  }

  private openBatch(): void {
    if (this.batchOpen) return;
    this.db.exec('BEGIN IMMEDIATE');
    this.batchOpen = true;
  }

  private savepoint<R>(name: string, work: () => R): R {
    this.db.exec(`SAVEPOINT ${name}`);
    try {
      const result = work();
      this.db.exec(`RELEASE ${name}`);
      return result;
    } catch (err) {
      this.db.exec(`ROLLBACK TO ${name}`);
      this.db.exec(`RELEASE ${name}`);
      throw err;
    }
  }

  private commitSoon(): Promise<void> {
    const done = new Promise<void>((resolve, reject) => this.commitWaiters.push({ resolve, reject }));
    if (!this.commitScheduled) {
      this.commitScheduled = true;
      setImmediate(() => {
        this.commitScheduled = false;
        if (this.activeTx) this.flushDue = true;
        else this.commit();
      });
    }
    return done;
  }

  private commit(): void {
    this.flushDue = false;
    const waiters = this.commitWaiters.splice(0);
    if (!this.batchOpen) {
      for (const w of waiters) w.resolve();
      return;
    }
    try {
      this.db.exec('COMMIT');
      this.commits++;
      this.batchOpen = false;
      for (const w of waiters) w.resolve();
    } catch (err) {
      // The disk refused the batch (full, I/O error): none of its writes happened.
      if (this.db.isTransaction) this.db.exec('ROLLBACK');
      this.batchOpen = false;
      this.onRollback();
      const failure = new AppError('UNAVAILABLE', 'the store could not commit', { cause: err });
      for (const w of waiters) w.reject(failure);
    }
  }
}
