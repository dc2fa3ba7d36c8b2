import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LevelAware = FastifyBaseLogger & {
  isLevelEnabled(level: string): boolean;
  levels: { values: Record<string, number> };
};

const knowsItsLevels = (logger: FastifyBaseLogger): logger is LevelAware =>
  typeof (logger as Partial<LevelAware>).isLevelEnabled === 'function' &&
  typeof (logger as Partial<LevelAware>).levels?.values === 'object';

/**
 * `request.log` that builds its pino child only when something is logged at an
 * enabled level. Pino builds a child by serialising its bindings through the
 * redaction of every secret path (`*.password`, ...): about a tenth of the CPU
 * a small request costs the gateway, while at the usual level most requests
 * log nothing at all. Lines written through it are the child's, reqId included.
 */
export class DeferredChildLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;
  readonly #parent: LevelAware;
  readonly #bindings: Bindings;
  /** The route's own level (Fastify's `logLevel` route option), if it has one. */
  readonly #routeLevel: string | undefined;

  constructor(parent: LevelAware, bindings: Bindings, routeLevel?: string) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#routeLevel = routeLevel;
  }

  get level(): string {
    return this.#child?.level ?? this.#routeLevel ?? this.#parent.level;
  }

  set level(level: string) {
    this.#made().level = level;
  }

  isLevelEnabled(level: string): boolean {
    if (this.#child) return knowsItsLevels(this.#child) ? this.#child.isLevelEnabled(level) : true;
    if (this.#routeLevel === undefined) return this.#parent.isLevelEnabled(level);
    const { values } = this.#parent.levels;
    return this.#routeLevel !== 'silent' && (values[level] ?? Infinity) >= (values[this.#routeLevel] ?? -Infinity);
  }

  fatal(...args: unknown[]): void {
    this.#write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#write('error', args);
  }
  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }
  info(...args: unknown[]): void {
    this.#write('info', args);
  }
  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#made().child(bindings, options);
  }

  #write(level: Level, args: unknown[]): void {
    if (!this.isLevelEnabled(level)) return;
    const log: (...line: unknown[]) => void = this.#made()[level];
    log.apply(this.#child, args);
  }

  #made(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(
      this.#bindings,
      this.#routeLevel === undefined ? undefined : { level: this.#routeLevel },
    );
    return this.#child;
  }
}

/** Whether a route's child options hold more than a level; a loop, not a rest copy and a key list: this runs for every request. */
function setsMoreThanLevel(options: ChildLoggerOptions): boolean {
  for (const key in options) if (key !== 'level') return true;
  return false;
}

/**
 * Fastify's childLoggerFactory: the deferred child (with the route's level when
 * it sets one, as /healthz does), unless the route sets other child options or
 * the parent cannot say which levels it writes.
 */
export function deferredChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (setsMoreThanLevel(options) || !knowsItsLevels(logger)) return logger.child(bindings, options);
  return new DeferredChildLogger(logger, bindings, options.level);
}
