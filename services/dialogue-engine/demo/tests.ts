import type { CharacterTestFile, TestInput, TestStep } from '@talkwith/proto/catalog';

/**
 * The tests ミライ ships with (seeded with her, run before each publish and
 * in CI by tests.test.ts): together they take every route out of every block
 * and every ladder (invalid answers, silence, random, "not a hit word") —
 * tests.test.ts checks that with route-coverage.ts — so an edit that breaks
 * a route of the demo shows at once.
 */
const start = (buttonId: string | null): TestInput => ({ kind: 'start', button_id: buttonId });
const say = (text: string): TestInput => ({ kind: 'say', text });
const silence: TestInput = { kind: 'silence' };
const button = (buttonId: string): TestInput => ({ kind: 'button', button_id: buttonId });
const to = (input: TestInput, block: string | null): TestStep => ({ input, expect_block_id: block });
const talk = to(start('btn-talk'), 'greet');

export const demoTests: CharacterTestFile[] = [
  {
    name: '食べ物の話から好きな食べ物を答える',
    steps: [talk, to(say('食べ物の話がしたい'), 'topic-food'), to(say('カレーが好き'), 'food-reply')],
  },
  {
    name: 'あいさつでラーメンと言うと食べ物の返事へ',
    steps: [to(start(null), 'greet'), to(say('ラーメン'), 'food-reply')],
  },
  {
    name: '食べ物の話でラーメン（ヒットワード）',
    steps: [talk, to(say('ごはん'), 'topic-food'), to(say('ラーメンかな'), 'food-reply')],
  },
  {
    name: '食べ物の話で「もう一度きく」ボタン',
    steps: [talk, to(say('食べ物'), 'topic-food'), to(button('ab-again'), 'topic-food')],
  },
  { name: '旅行の話で京都', steps: [talk, to(say('旅行'), 'topic-travel'), to(say('京都に行きたい'), 'kyoto')] },
  { name: '旅行の話で北海道', steps: [talk, to(say('おでかけ'), 'topic-travel'), to(say('北海道'), 'hokkaido')] },
  { name: 'あいさつで京都と言うと京都へ', steps: [talk, to(say('きょうと'), 'kyoto')] },
  { name: 'あいさつで北海道と言うと北海道へ', steps: [talk, to(say('北海道に行ってみたい'), 'hokkaido')] },
  {
    name: '旅行の話でヒットワード以外は話題を変える',
    steps: [talk, to(say('旅行'), 'topic-travel'), to(say('沖縄'), 'change-topic')],
  },
  {
    name: 'あいさつの無効回答ラダー（3回で終了）',
    steps: [talk, to(say('えーと'), 'greet'), to(say('うーん'), 'greet'), to(say('なんだろう'), null)],
  },
  {
    name: 'あいさつの無言ラダー（3回で無音終了へ）',
    steps: [talk, to(silence, 'greet'), to(silence, 'greet'), to(silence, 'silence-end')],
  },
  {
    name: '食べ物の話の無言ラダー',
    steps: [
      talk,
      to(say('食べ物'), 'topic-food'),
      to(silence, 'topic-food'),
      to(silence, 'topic-food'),
      to(silence, 'silence-end'),
    ],
  },
  {
    name: '旅行の話の無言ラダー',
    steps: [
      talk,
      to(say('旅行'), 'topic-travel'),
      to(silence, 'topic-travel'),
      to(silence, 'topic-travel'),
      to(silence, 'silence-end'),
    ],
  },
  {
    name: '占い：もう一回で2回まで、その後おわり',
    steps: [to(start('btn-fortune'), 'fortune'), to(say('もう一回'), 'fortune'), to(say('もう一回'), 'fortune-end')],
  },
  {
    name: '占い：ヒットワード以外で占いおわり',
    steps: [to(start('btn-fortune'), 'fortune'), to(say('いいえ'), 'fortune-end')],
  },
  { name: '占い：無言で占いおわり', steps: [to(start('btn-fortune'), 'fortune'), to(silence, 'fortune-end')] },
  {
    name: '占い：「おわる」ボタンで会話終了',
    steps: [to(start('btn-fortune'), 'fortune'), to(button('ab-stop'), null)],
  },
  { name: 'あいさつで占いと言うと占いへ', steps: [talk, to(say('占いして'), 'fortune')] },
  { name: 'あいさつの「占いをする」ボタン', steps: [talk, to(button('ab-fortune'), 'fortune')] },
  { name: 'あいさつの「おわる」ボタンは聞き忘れた食べ物へ', steps: [talk, to(button('ab-finish'), 'topic-food')] },
  { name: 'バイバイで聞き忘れた話題へ', steps: [talk, to(say('バイバイ'), 'topic-food')] },
  {
    name: '食べ物と旅行を聞いてからまとめとさようなら',
    steps: [talk, to(say('ラーメン'), 'food-reply'), to(say('京都'), 'kyoto')],
  },
  { name: 'マイクテスト：話すとあいさつへ', steps: [to(start('btn-mic'), 'mic-test'), to(say('テストです'), 'greet')] },
  { name: 'マイクテスト：無言でもあいさつへ', steps: [to(start('btn-mic'), 'mic-test'), to(silence, 'greet')] },
];
