import { Type, type Static } from '@sinclair/typebox';

/**
 * Tests of a character (services/catalog/API.md, "Tests"): named scripts of
 * what the user does (a start button, an utterance, silence, an action
 * button) and the block expected next, kept with the draft and played
 * against it by the engine before every publish.
 */

export const CHARACTER_TESTS_MAX = 100;
export const TEST_STEPS_MAX = 50;
export const TEST_TEXT_MAX = 200;

const Id = Type.String({ minLength: 1, maxLength: 100 });

/** What the user does in one step. */
export const TestInput = Type.Union([
  Type.Object(
    {
      kind: Type.Literal('start'),
      button_id: Type.Union([Id, Type.Null()], { description: 'a start button (null: the default one)' }),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    { kind: Type.Literal('start_at'), block_id: Id },
    { additionalProperties: false, description: 'start from this block (the simulator\'s "start from")' },
  ),
  Type.Object(
    { kind: Type.Literal('say'), text: Type.String({ minLength: 1, maxLength: TEST_TEXT_MAX }) },
    { additionalProperties: false },
  ),
  Type.Object(
    { kind: Type.Literal('button'), button_id: Id },
    { additionalProperties: false, description: 'an action button of the current block' },
  ),
  // Not additionalProperties: false: Fastify's Ajv removes the keys a branch does not know while it tries the union,
  // and this branch, requiring `kind` only, would strip a button's `button_id` before the button branch is tried.
  Type.Object(
    { kind: Type.Literal('silence') },
    { description: 'no answer: the silence (or recognition) time-out fires' },
  ),
]);
export type TestInput = Static<typeof TestInput>;

export const TestStep = Type.Object(
  {
    input: TestInput,
    expect_block_id: Type.Union([Id, Type.Null()], {
      description: 'the block entered next (null: the conversation ends); the block itself when it stays (a ladder)',
    }),
  },
  { additionalProperties: false },
);
export type TestStep = Static<typeof TestStep>;

const TestName = Type.String({ minLength: 1, maxLength: 100 });
const Steps = Type.Array(TestStep, { minItems: 1, maxItems: TEST_STEPS_MAX });

export const CharacterTest = Type.Object({
  id: Type.String(),
  name: Type.String(),
  steps: Type.Array(TestStep),
  updated_at: Type.String(),
});
export type CharacterTest = Static<typeof CharacterTest>;

/** A test as a character file carries it (export / import): no id, the import gives new ones. */
export const CharacterTestFile = Type.Object({ name: TestName, steps: Steps }, { additionalProperties: false });
export type CharacterTestFile = Static<typeof CharacterTestFile>;
export const CharacterTestFiles = Type.Array(CharacterTestFile, { maxItems: CHARACTER_TESTS_MAX });
export type CharacterTestFiles = Static<typeof CharacterTestFiles>;

export const NewTestBody = CharacterTestFile;
export type NewTestBody = Static<typeof NewTestBody>;
export const TestPatchBody = Type.Object(
  { name: Type.Optional(TestName), steps: Type.Optional(Steps) },
  { additionalProperties: false, minProperties: 1 },
);
export type TestPatchBody = Static<typeof TestPatchBody>;

export const CharacterTestParams = Type.Object({ id: Id, test_id: Id });
export type CharacterTestParams = Static<typeof CharacterTestParams>;

export const CharacterTestReply = Type.Object({ ok: Type.Literal(true), test: CharacterTest });
export type CharacterTestReply = Static<typeof CharacterTestReply>;
export const CharacterTestsReply = Type.Object({
  ok: Type.Literal(true),
  tests: Type.Array(CharacterTest, { description: 'oldest first' }),
});
export type CharacterTestsReply = Static<typeof CharacterTestsReply>;

export const RunTestsBody = Type.Object(
  {
    test_id: Type.Optional(
      Type.String({ minLength: 1, maxLength: 100, description: 'run only this test (default: every test)' }),
    ),
  },
  { additionalProperties: false },
);
export type RunTestsBody = Static<typeof RunTestsBody>;

/** A block as a person reads it: its title (its id when it has none); null: the conversation ended. */
export const BlockName = Type.Union([Type.Object({ id: Type.String(), title: Type.String() }), Type.Null()]);
export type BlockName = Static<typeof BlockName>;

export const TestStepResult = Type.Object({
  input: TestInput,
  input_title: Type.Optional(
    Type.String({
      description: 'the title of the button or block the input names, when it names one the character has',
    }),
  ),
  expected: BlockName,
  reached: BlockName,
  passed: Type.Boolean(),
  unchecked: Type.Optional(
    Type.Boolean({
      description:
        "the step needs the server's search or SPJ answer, which tests do not run: neither passed nor failed; the test stops there",
    }),
  ),
  /** Why the step could not be played or checked as written (a button the block does not show, …), in Japanese. */
  problem: Type.Optional(Type.String()),
});
export type TestStepResult = Static<typeof TestStepResult>;

export const TestResult = Type.Object({
  test_id: Type.String(),
  name: Type.String(),
  passed: Type.Boolean({ description: 'every step played passed, but a last one left unchecked' }),
  unchecked: Type.Boolean({ description: 'it stopped at a step only the server could check' }),
  steps: Type.Array(TestStepResult, {
    description: 'the steps played, up to and with the first that failed or was left unchecked',
  }),
});
export type TestResult = Static<typeof TestResult>;

export const TestRunReport = Type.Object({
  passed: Type.Boolean({ description: 'every test passed (true when there is none)' }),
  total: Type.Integer(),
  failed: Type.Integer(),
  unchecked: Type.Integer({
    description: 'tests that stopped at a step only the server could check (counted as passed)',
  }),
  results: Type.Array(TestResult),
});
export type TestRunReport = Static<typeof TestRunReport>;
export const RunTestsReply = Type.Object({ ok: Type.Literal(true), report: TestRunReport });
export type RunTestsReply = Static<typeof RunTestsReply>;
