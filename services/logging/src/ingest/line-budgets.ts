import type { Cache } from '@talkwith/platform';
import { reserve, type Budget } from '@talkwith/platform/limits';
import type { EventOf } from '@talkwith/proto';

const MINUTE = 60_000;

/** The stored-line budgets of the logging config, per minute. */
export interface LineBudgetLimits {
  LOG_ACCOUNT_LINES_PER_MINUTE: number;
  LOG_ACCOUNT_BYTES_PER_MINUTE: number;
  LOG_GLOBAL_LINES_PER_MINUTE: number;
  LOG_GLOBAL_BYTES_PER_MINUTE: number;
}

type LineData = EventOf<'client.logged'>['data'];

/** What a line adds to the store, as far as the client chose it: its message, character id and the JSON of its extra, in UTF-8 bytes. */
export function lineBytes(data: LineData): number {
  const extra = data.extra === undefined ? '' : JSON.stringify(data.extra);
  return Buffer.byteLength(data.message ?? '') + Buffer.byteLength(data.character_id ?? '') + Buffer.byteLength(extra);
}

/**
 * Per-account and global budgets of stored client lines, on top of the
 * gateway's per-address ones: one account on many addresses (or many
 * accounts) could otherwise grow the store by megabytes a minute each.
 * Charged where lines are stored, so every gateway replica and every address
 * of an account count against the same budgets (the cache port is Redis
 * when distributed). An anonymous line has no account: only the global
 * budget (the gateway's anonymous per-address budget is its other bound).
 */
export class LineBudgets {
  private readonly cache: Cache;
  private readonly limits: LineBudgetLimits;

  constructor(cache: Cache, limits: LineBudgetLimits) {
    this.cache = cache;
    this.limits = limits;
  }

  private scopes(userId: string | null, unit: 'lines' | 'bytes'): Budget[] {
    const l = this.limits;
    const global: Budget = {
      name: `logging.${unit}.global`,
      key: '*',
      windowMs: MINUTE,
      max: unit === 'lines' ? l.LOG_GLOBAL_LINES_PER_MINUTE : l.LOG_GLOBAL_BYTES_PER_MINUTE,
    };
    if (userId === null) return [global];
    // The account first: an account over its own budget spends nothing of everyone's.
    return [
      {
        name: `logging.${unit}.account`,
        key: userId,
        windowMs: MINUTE,
        max: unit === 'lines' ? l.LOG_ACCOUNT_LINES_PER_MINUTE : l.LOG_ACCOUNT_BYTES_PER_MINUTE,
      },
      global,
    ];
  }

  /** Reserves one line and its bytes; null when admitted, else the name of the budget that refused it (nothing spent then). */
  async admit(data: LineData): Promise<string | null> {
    return this.reserveLines(data.user_id, 1, lineBytes(data));
  }

  /**
   * The verdict of each line of a batch, in order. The lines of one account
   * are reserved together (two reservations per account and batch instead of
   * two per line: a burst of 500 lines from 20 accounts costs 40); only when
   * the whole group does not fit are its lines reserved one by one, so what
   * is admitted is the same as line by line.
   */
  async admitBatch(lines: readonly LineData[]): Promise<Array<string | null>> {
    const verdicts: Array<string | null> = new Array<string | null>(lines.length).fill(null);
    const groups = new Map<string | null, number[]>();
    lines.forEach((line, i) => {
      const group = groups.get(line.user_id);
      if (group) group.push(i);
      else groups.set(line.user_id, [i]);
    });
    await Promise.all(
      [...groups].map(async ([userId, indexes]) => {
        const bytes = indexes.map((i) => lineBytes(lines[i]!));
        if (
          (await this.reserveLines(
            userId,
            indexes.length,
            bytes.reduce((a, b) => a + b, 0),
          )) === null
        )
          return;
        for (const [k, i] of indexes.entries()) verdicts[i] = await this.reserveLines(userId, 1, bytes[k]!);
      }),
    );
    return verdicts;
  }

  private async reserveLines(userId: string | null, count: number, bytes: number): Promise<string | null> {
    const lines = await reserve(this.cache, this.scopes(userId, 'lines'), count);
    if (!lines.ok) return lines.budget;
    const volume = await reserve(this.cache, this.scopes(userId, 'bytes'), bytes);
    if (volume.ok) return null;
    await lines.giveBack();
    return volume.budget;
  }
}
