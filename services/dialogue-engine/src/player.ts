/**
 * What the web player runs of the engine, and nothing else: the player's chunk
 * then carries no console-only module (validation, graph faults, scripts),
 * which the package's index would bring along into the chunk the player shares
 * with the admin console.
 */
export { initialState, step, type StepResult } from './engine.ts';
export type { EngineOptions, EngineState, Runtime, Continuation, Phase } from './state.ts';
export { Messages, type MessageCode } from './messages.ts';
export { reachableVideos } from './reach.ts';
