import { useState } from 'react';

/** Words are typed separated by 「、」 or commas; empty pieces are dropped. */
const wordsOf = (text: string) =>
  text
    .split(/[、,，]/)
    .map((w) => w.trim())
    .filter((w) => w !== '');
const sameWords = (a: string[], b: string[]) => a.length === b.length && a.every((w, i) => w === b[i]);

/**
 * The words of one hit word as typed. Every keystroke updates the draft, so
 * Enter (which submits without a blur) sends what is shown; the text itself is
 * kept as typed (a trailing 「、」 stays). When the words change from outside
 * (a row above removed, rows keyed by index) the text is rewritten from them.
 */
export function WordsInput({
  words,
  label,
  hint,
  onChange,
}: {
  words: string[];
  label: string;
  hint: string;
  onChange: (words: string[]) => void;
}) {
  const [text, setText] = useState(() => words.join('、'));
  const [shown, setShown] = useState(words);
  if (shown !== words) {
    setShown(words);
    if (!sameWords(wordsOf(text), words)) setText(words.join('、'));
  }
  return (
    <input
      className="field__input"
      aria-label={label}
      placeholder={hint}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(wordsOf(e.target.value));
      }}
    />
  );
}
