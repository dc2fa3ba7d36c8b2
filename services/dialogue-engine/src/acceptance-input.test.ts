import { describe, expect, it } from 'vitest';
import type { Character, EngineCommand, EngineInput } from '@talkwith/proto/dialogue';
import { demoCharacter } from '../demo/index.ts';
import { initialState, step } from './engine.ts';
import { Messages, type MessageCode } from './messages.ts';
import { reachableVideos } from './reach.ts';
import type { EngineState } from './state.ts';
import { drive, tinyBlock, tinyCharacter } from './test-fixtures.ts';
import { Driver } from './testing.ts';
import { validateCharacter } from './validate.ts';

/**
 * Acceptance of bad input: the engine is fed whatever a stored document, a
 * host bug or a stale tab hands it. initialState, step and validateCharacter
 * never throw; a fault becomes a `log` command (category error, the Japanese
 * message of the catalogue) and a safe state.
 */

/** What a caller without types may pass. */
const unchecked = <T>(value: unknown): T => value as T;
const errorLogs = (commands: EngineCommand[]) =>
  commands.flatMap((c) => (c.type === 'log' && c.category === 'error' ? [c] : []));
const loggedCodes = (commands: EngineCommand[]) => errorLogs(commands).map((c) => c.extra.code);
const healthy = () =>
  tinyCharacter([
    tinyBlock('ask', {
      trigger_video_id: 'ask',
      listen_video_ids: ['listen'],
      valid_response: true,
      listen_next_block: ['yes'],
    }),
    tinyBlock('yes', { trigger_video_id: 'yes' }),
  ]);

function expectLogged(commands: EngineCommand[], code: MessageCode): void {
  expect(errorLogs(commands)).toContainEqual(
    expect.objectContaining({
      message: expect.stringContaining(Messages[code]) as unknown,
      extra: expect.objectContaining({ code }) as unknown,
    }),
  );
}

describe('initialState and step, a character that is not one', () => {
  it('engine, a well-formed character (the demo), is taken as it is: no copy, nothing reported', () => {
    const state = initialState(demoCharacter);

    expect(state.character).toBe(demoCharacter);
    expect(state.characterIssues).toEqual([]);
  });

  for (const [what, value] of [
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
    ['a string', 'ミライ'],
    ['an array', []],
  ] as const) {
    it(`engine, ${what} as the character, starts in standby and logs the missing character instead of throwing`, () => {
      const state = initialState(unchecked<Character>(value));
      const d = new Driver(state);

      d.send({ type: 'ready' });
      d.send({ type: 'start', source: 'button', buttonId: 'go' });

      expectLogged(d.all, 'NO_STANDBY_VIDEO');
      expectLogged(d.all, 'NO_DEFAULT_START_BUTTON');
      expect(d.state.rt.phase).toBe('standby');
      expect(reachableVideos(d.state)).toEqual([]);
    });
  }

  it('engine, lists that are not lists and elements that are not objects, logs the broken data and plays what is usable', () => {
    const base = healthy();
    const broken = unchecked<Character>({
      ...base,
      slots: null,
      kikiwasure: 'x',
      blocks: [null, 7, ...base.blocks, { title: 'no id' }],
      videos: [...base.videos, 'clip'],
    });
    const d = new Driver(initialState(broken));

    const ready = d.send({ type: 'ready' });
    const start = d.send({ type: 'start', source: 'button', buttonId: 'go' });

    expect(ready).toContain('log:error:CHARACTER_DATA_INVALID');
    expect(errorLogs(d.all)[0]?.extra.paths).toEqual(
      expect.arrayContaining([
        'character.slots',
        'character.blocks[0]',
        'character.blocks[1]',
        'character.blocks[4]',
        'character.videos[9]',
      ]),
    );
    expect(start).toEqual(['startButtons:', 'track:ask:', 'actionButtons:', 'play:B:ask', 'preload:A:listen']);
  });

  it('engine, a block without its list fields and with a wrongly typed hit word, reads the schema defaults and talks on', () => {
    const {
      hit_words: _h,
      nod_video_ids: _n,
      action_buttons: _a,
      skip_video_ids: _s,
      ...ask
    } = tinyBlock('ask', {
      trigger_video_id: 'ask',
      listen_video_ids: ['listen'],
      valid_response: true,
      listen_next_block: ['yes'],
    });
    const withBadHit = { ...ask, hit_words: [{ words: 'はい', block_id: 'yes', slot: null }] };
    const d = drive(
      unchecked<Character>(tinyCharacter([unchecked(withBadHit), tinyBlock('yes', { trigger_video_id: 'yes' })])),
    );
    d.send({ type: 'start', source: 'button', buttonId: 'go' });
    d.ended();

    expect(d.say('なんでも')).toEqual([
      'micOff',
      'text:final:なんでも',
      'track:yes:なんでも',
      'actionButtons:',
      'play:B:yes',
    ]);
    expect(loggedCodes(d.all)).toEqual(['CHARACTER_DATA_INVALID']);
  });

  it('engine, unknown ids (start button, resume, action button, switch to a broken character), logs and stays safe', () => {
    const d = drive(tinyCharacter([tinyBlock('yes', { trigger_video_id: 'yes' })]));

    expect(d.send({ type: 'start', source: 'resume', blockId: 'nowhere' })).toEqual([
      'log:error:START_BUTTON_BLOCK_MISSING',
    ]);
    expect(d.send({ type: 'actionButton', buttonId: 'nowhere' })).toEqual([]);
    expect(d.send({ type: 'switchCharacter', character: unchecked<Character>(null) })).toEqual([
      'log:error:CHARACTER_DATA_INVALID',
      'log:error:NO_STANDBY_VIDEO',
      'startButtons:',
    ]);
    expect(d.state.rt.phase).toBe('standby');
  });
});

describe('step, inputs and states that are not ones', () => {
  const inputs: Array<[string, unknown]> = [
    ['null', null],
    ['undefined', undefined],
    ['a string', 'ready'],
    ['an object without type', {}],
    ['an unknown type', { type: 'explode' }],
    ['speech without text', { type: 'speechFinal', text: null }],
    ['a search result without hits', { type: 'searchResult', requestId: 'r1', hits: null }],
    ['a timer with an unknown name', { type: 'timerFired', timer: 'bedtime' }],
    ['a start from nowhere', { type: 'start', source: 'window' }],
  ];
  for (const [what, input] of inputs) {
    it(`engine, ${what} as the input, logs INVALID_INPUT and keeps the state`, () => {
      const d = drive(healthy());
      d.send({ type: 'start', source: 'button', buttonId: 'go' });
      d.ended();
      const before = d.state;

      const out = step(before, unchecked<EngineInput>(input), 5000);

      expect(out.state).toBe(before);
      expect(out.commands).toHaveLength(1);
      expectLogged(out.commands, 'INVALID_INPUT');
    });
  }

  it('engine, no state at all, answers a standby state and logs the fault', () => {
    const out = step(unchecked<EngineState>(null), { type: 'ready' }, 0);

    expectLogged(out.commands, 'ENGINE_FAULT');
    expect(out.state.rt.phase).toBe('standby');
  });

  it('engine, a fault inside a step (a corrupted runtime), logs the Japanese ENGINE_FAULT and keeps the previous state', () => {
    const state = initialState(healthy());
    const corrupted = { ...state, rt: { ...state.rt, session: unchecked<EngineState['rt']['session']>(null) } };

    const out = step(corrupted, { type: 'ready' }, 0);

    expect(out.state).toBe(corrupted);
    expect(out.commands).toEqual([
      {
        type: 'log',
        category: 'error',
        message: Messages.ENGINE_FAULT,
        extra: { code: 'ENGINE_FAULT', detail: expect.any(String) as unknown },
      },
    ]);
  });
});

describe('validateCharacter, bad input', () => {
  for (const [what, value] of [
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
    ['an empty object', {}],
    ['lists that are null', { ...healthy(), blocks: null, videos: null }],
  ] as const) {
    it(`validateCharacter, ${what}, reports the problems instead of throwing`, () => {
      const problems = validateCharacter(unchecked<Character>(value));

      expect(problems.map((p) => p.code)).toEqual(
        expect.arrayContaining(['NO_STANDBY_VIDEO', 'CHARACTER_DATA_INVALID']),
      );
      expect(problems.every((p) => p.message.startsWith(Messages[p.code]))).toBe(true);
    });
  }

  it('validateCharacter, blocks without their list fields, reads the schema defaults and reports nothing', () => {
    const {
      hit_words: _h,
      nod_video_ids: _n,
      action_buttons: _a,
      ...ask
    } = healthy().blocks[0] as Character['blocks'][number];

    expect(
      validateCharacter({ ...healthy(), blocks: [unchecked(ask), tinyBlock('yes', { trigger_video_id: 'yes' })] }),
    ).toEqual([]);
  });
});

describe('validateCharacter, dangling references name the block that holds them', () => {
  it('validateCharacter, a hit word in the second block to a missing block, names that block and the missing id', () => {
    const c = tinyCharacter([
      tinyBlock('yes', { trigger_video_id: 'yes' }),
      tinyBlock('ask', {
        trigger_video_id: 'ask',
        listen_video_ids: ['listen'],
        hit_words: [{ words: ['はい'], block_id: 'nowhere', slot: null }],
      }),
    ]);

    const dangling = validateCharacter(c).filter((p) => p.code === 'BLOCK_NOT_FOUND');

    expect(dangling).toEqual([
      {
        code: 'BLOCK_NOT_FOUND',
        message: `${Messages.BLOCK_NOT_FOUND}（nowhere） — ブロック「ask」の「ヒットワード 1 件目の遷移先」`,
        blockId: 'ask',
        targetId: 'nowhere',
      },
    ]);
  });

  it('validateCharacter, a trigger video that does not exist, names the block and the missing video', () => {
    const c = tinyCharacter([
      tinyBlock('yes', { trigger_video_id: 'yes' }),
      tinyBlock('ask', { trigger_video_id: 'ghost', listen_video_ids: ['listen'], valid_response: true }),
    ]);

    expect(validateCharacter(c)).toContainEqual({
      code: 'VIDEO_NOT_FOUND',
      message: `${Messages.VIDEO_NOT_FOUND}（ghost） — ブロック「ask」の「トリガー動画」`,
      blockId: 'ask',
      videoId: 'ghost',
      targetId: 'ghost',
    });
  });

  it('validateCharacter, character-level references to missing blocks, name no block (none holds them) and the missing id', () => {
    const base = healthy();
    const c: Character = {
      ...base,
      setting: { ...base.setting, for_mic_test: 'mic' },
      startButtons: [...base.startButtons, { id: 'b2', character_id: 'tiny', title: '占い', block_id: 'fortune' }],
      kikiwasure: [{ slot: 'food', block_id: 'ask-food' }],
      random: { ...base.random, final_block_id: 'random-end' },
    };

    const problems = validateCharacter(c);

    expect(problems).toEqual(
      expect.arrayContaining([
        {
          code: 'START_BUTTON_BLOCK_MISSING',
          message: `${Messages.START_BUTTON_BLOCK_MISSING}（fortune）`,
          targetId: 'fortune',
        },
        { code: 'BLOCK_NOT_FOUND', message: `${Messages.BLOCK_NOT_FOUND}（mic）`, targetId: 'mic' },
        { code: 'BLOCK_NOT_FOUND', message: `${Messages.BLOCK_NOT_FOUND}（ask-food）`, targetId: 'ask-food' },
        {
          code: 'RANDOM_END_BLOCK_MISSING',
          message: `${Messages.RANDOM_END_BLOCK_MISSING}（random-end）`,
          targetId: 'random-end',
        },
      ]),
    );
    expect(problems.filter((p) => p.blockId !== undefined)).toEqual([]);
  });
});
