import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { EngineCommand, type Character } from '@talkwith/proto/dialogue';
import { demoCharacter } from '../demo/index.ts';
import { initialState } from './engine.ts';
import { characterArb } from './random-character.ts';
import { characterVideoIds, MOVE_KINDS, runSession, VOCABULARY, type Move, type Transcript } from './random-session.ts';
import { validateCharacter } from './validate.ts';

const moveArb: fc.Arbitrary<Move> = fc.record({
  kind: fc.integer({ min: 0, max: MOVE_KINDS - 1 }),
  pick: fc.nat({ max: 1000 }),
  text: fc.constantFrom(...VOCABULARY),
  advance: fc.integer({ min: 0, max: 9000 }),
});
const movesArb = fc.array(moveArb, { minLength: 1, maxLength: 120 });

function checkTranscript(character: Character, t: Transcript): void {
  const videoIds = characterVideoIds(character);
  t.commands.forEach((commands, i) => {
    for (const c of commands) {
      if (c.type === 'playVideo' || c.type === 'preloadVideo') expect(videoIds.has(c.videoId)).toBe(true);
      if (c.type === 'log') expect(c.extra.code).not.toBe('ENGINE_FAULT');
    }
    const player = t.players[i];
    const state = t.states[i];
    if (!player || !state) return;
    // Never nothing: a video plays, the microphone listens, or the conversation has ended (or the user paused it).
    const alive = player.ended || state.rt.paused || player.playing !== null || player.micOn;
    if (!alive) throw new Error(`stuck after ${JSON.stringify(t.inputs[i])} (phase ${state.rt.phase})`);
    expect(player.ended).toBe(state.rt.phase === 'ended');
  });
}

describe('dialogue engine properties', () => {
  it('engine, random sessions on the demo character, never fault, play only existing videos and never leave the user with nothing', () => {
    fc.assert(
      fc.property(movesArb, fc.nat(), (moves, seed) => {
        checkTranscript(demoCharacter, runSession(initialState(demoCharacter, { seed }), moves));
      }),
      { numRuns: 300 },
    );
  });

  it('engine, random valid characters, are valid for validateCharacter and keep the same guarantees', () => {
    fc.assert(
      fc.property(characterArb(), movesArb, (character, moves) => {
        // The generator wires random transitions: it does not promise every block is reached (validate.test checks reachability).
        expect(
          validateCharacter(character).filter((p) => p.code !== 'BLOCK_UNREACHABLE' && p.code !== 'BLOCK_DEAD_END'),
        ).toEqual([]);
        checkTranscript(character, runSession(initialState(character, { seed: 3 }), moves));
      }),
      { numRuns: 300 },
    );
  });

  it('engine, the same inputs twice, give the same commands', () => {
    fc.assert(
      fc.property(characterArb(), movesArb, fc.nat(), (character, moves, seed) => {
        const first = runSession(initialState(character, { seed }), moves);
        const second = runSession(initialState(character, { seed }), moves);
        expect(second.commands).toEqual(first.commands);
        expect(second.inputs).toEqual(first.inputs);
      }),
      { numRuns: 100 },
    );
  });

  it('engine, a step, never modifies the state it was given', () => {
    fc.assert(
      fc.property(movesArb, (moves) => {
        const initial = initialState(demoCharacter, { seed: 5 });
        const snapshot = structuredClone(initial.rt);
        runSession(initial, moves);
        expect(initial.rt).toEqual(snapshot);
      }),
      { numRuns: 50 },
    );
  });

  it('engine, every command of random sessions, conforms to the EngineCommand contract', () => {
    const commandCheck = TypeCompiler.Compile(EngineCommand);
    fc.assert(
      fc.property(characterArb(), movesArb, (character, moves) => {
        const bad = runSession(initialState(character, { seed: 9 }), moves)
          .commands.flat()
          .filter((c) => !commandCheck.Check(c));
        expect(bad).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });
});
