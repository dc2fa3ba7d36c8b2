// Kana readings fed to espeak-ng. Its Japanese voice only reads kana (kanji
// come out as "Chinese letter" in English), and the particle は must be
// written わ to be pronounced correctly. Keyed by clip id; the on-screen text
// and subtitles keep the original line from clips.json.
export const MIRAI_READINGS: Readonly<Record<string, string>> = {
  greet: 'こんにちわ！わたしわ ミライ。たべものと りょこう、どっちの はなしを する？',
  nod_1: 'うん',
  nod_2: 'なるほど',
  topic_food: 'ラーメンが だいすき！あなたわ なにが すき？',
  topic_travel: 'きょうとと ほっかいどう、どっちに いきたい？',
  kyoto: 'おてらめぐりが おすすめだよ。',
  hokkaido: 'ほっかいどうわ かいせんが さいこう！',
  food_reply: 'おいしそう！おしえてくれて ありがとう。',
  invalid_1: 'ごめんね、よく きこえなかった。もう いちど いって？',
  invalid_2: 'たべものか りょこうの はなしを してみて。',
  invalid_final: 'きょうわ ちょうしが わるいみたい。また あとで はなそう。',
  silence_1: 'あれ？きこえてるかな？',
  silence_2: 'マイクに むかって はなしかけてみてね。',
  silence_final: 'いそがしいみたいだね。またね！',
  random_a: 'きょうの ラッキーカラーわ あか！',
  random_b: 'きょうの ラッキーカラーわ あお！',
  random_c: 'きょうの ラッキーカラーわ みどり！',
  fortune_end: 'うらないわ ここまで。たのしかった？',
  skip: 'それじゃあ',
  summary: 'きょうわ たくさん はなせて たのしかったね。',
  goodbye: 'またね！バイバイ！',
  spj_out: 'その こたえわ むずかしいな。べつの はなしを しよう。',
  mic_test: 'マイクテストです。なにか はなしてみてください。',
};

/** Mirai's readings under their former name. */
export const READINGS = MIRAI_READINGS;

/** ソラ (services/dialogue-engine/demo/sora/clips.json). */
export const SORA_READINGS: Readonly<Record<string, string>> = {
  greet: 'こんにちわ、ソラだよ。ほしうらないと きょうの ひとこと、どっちに する？',
  horoscope: 'きょうの あなたわ、あたらしい ことに ちょうせんすると いい ひ。',
  advice: 'しんこきゅうして、ゆっくり いこう。',
  special: 'とくべつ うらない！あしたわ うれしい しらせが とどきそう。',
  again: 'ほかにも きいてみる？',
  invalid_1: 'ごめんね、もう いちど いって？',
  invalid_final: 'ほしが くもってきたみたい。また こんどね。',
  silence_1: 'ほしが みえるかな？こえを きかせて。',
  silence_final: 'また よぞらの したで あおうね。',
  goodbye: 'またね。いい いちにちを！',
  mic_test: 'マイクテストだよ。なにか はなしてみて。',
};
