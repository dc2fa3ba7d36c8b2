/** The translation port of POST /api/admin/translate: an embedded glossary or a real translation API, chosen by configuration. */

export interface Translation {
  text: string;
  /** false: this adapter has no translation for the text (the answer's text is the input). */
  available: boolean;
}

export interface Translator {
  readonly kind: 'glossary' | 'http';
  /** Translates Japanese interface or authoring text into `target` (a SPEC §9 language). */
  translate(text: string, target: string): Promise<Translation>;
}
