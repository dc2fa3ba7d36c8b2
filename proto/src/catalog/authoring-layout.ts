import { Type, type Static } from '@sinclair/typebox';

/**
 * Where the operator put each block on the console's graph (top-left corner,
 * canvas units), kept with the character's draft. Layout only: the engine,
 * publishing and exports never read it. A block without a position is laid
 * out automatically.
 */
export const GRAPH_POSITIONS_MAX = 5000;
/** Far beyond any canvas a person scrolls (500 blocks laid out span ~30,000 units). */
const COORDINATE_LIMIT = 1_000_000;

const Coordinate = Type.Number({ minimum: -COORDINATE_LIMIT, maximum: COORDINATE_LIMIT });
export const GraphPosition = Type.Object({ x: Coordinate, y: Coordinate }, { additionalProperties: false });
export type GraphPosition = Static<typeof GraphPosition>;
export const GraphPositions = Type.Record(Type.String({ minLength: 1, maxLength: 100 }), GraphPosition, {
  maxProperties: GRAPH_POSITIONS_MAX,
  description: 'block id → position; a block without one is laid out automatically',
});
export type GraphPositions = Static<typeof GraphPositions>;

export const GraphPositionsParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
export type GraphPositionsParams = Static<typeof GraphPositionsParams>;
/**
 * PUT `{id}/positions`: `set` adds or moves blocks, `reset` first forgets every
 * stored position (「自動配置」 sends `reset: true` alone). Ids of blocks the
 * character does not have are refused.
 */
export const GraphPositionsBody = Type.Object(
  {
    set: Type.Optional(GraphPositions),
    reset: Type.Optional(Type.Boolean({ default: false })),
  },
  { additionalProperties: false },
);
export type GraphPositionsBody = Static<typeof GraphPositionsBody>;
export const GraphPositionsReply = Type.Object({ ok: Type.Literal(true), positions: GraphPositions });
export type GraphPositionsReply = Static<typeof GraphPositionsReply>;
