import { Value } from '@sinclair/typebox/value';
import { routeWords, splitWordList } from '@talkwith/dialogue-engine';
import { TRANSLATED_LANGUAGES } from '@talkwith/proto/i18n';
import {
  ActionDefinition,
  CharacterRecognition,
  DialogueId,
  RecognitionBlock,
  SynonymGroup,
  type Block,
  type Character,
  type TalkLanguage,
} from '@talkwith/proto/dialogue';
import { trimmedTranslations } from '@talkwith/proto/identity';

/**
 * The recognition part of `character.published` (dialogue API.md
 * Recognition): what dialogue needs to search and score utterances and to
 * answer action codes, built from the snapshot being published. The event is
 * validated against its schema when published, so everything is fitted into
 * the schema's bounds here: a publish never fails because, say, a block id
 * has a character the recognition contract does not allow (such a block is
 * left out of recognition; the engine still plays it).
 */

// The bounds come from the schema itself, so they cannot drift from it.
const BLOCK = RecognitionBlock.properties;
const PHRASE_MAX = BLOCK.phrases.items.maxLength ?? 200;
const PHRASES_MAX = BLOCK.phrases.maxItems ?? 500;
const TITLE_MAX = BLOCK.title.maxLength ?? 200;
const NEXT_MAX = BLOCK.listen_next_block.maxItems ?? 100;
const BLOCKS_MAX = CharacterRecognition.properties.blocks.maxItems ?? 5000;
const ACTIONS_MAX = CharacterRecognition.properties.actions.maxItems ?? 5000;
const SETTING = CharacterRecognition.properties;
const CODE_MAX = ActionDefinition.properties.code.maxLength ?? 100;
const SYNONYM_GROUPS_MAX = SETTING.synonyms.maxItems ?? 2000;
const SYNONYM_MAX = SynonymGroup.properties.word.maxLength ?? 200;
const SYNONYMS_PER_GROUP = SynonymGroup.properties.synonyms.maxItems ?? 100;

const isId = (id: string): boolean => Value.Check(DialogueId, id);
const clip = (text: string, max: number): string => [...text].slice(0, max).join('');
/** A setting longer than its bound is not clipped (a cut url or key is wrong): it counts as not set. */
const setOrEmpty = (value: string, max: number | undefined): string => (value.length <= (max ?? Infinity) ? value : '');

/**
 * Hit words of every route (in the talk language: a route's words in it, else
 * its Japanese ones), the legacy comma list, and the title split at ・／/ (each a phrase).
 */
export function phrasesOf(block: Block, language: TalkLanguage = 'ja-JP'): string[] {
  const words = [
    ...block.hit_words.flatMap((route) => routeWords(route, language)),
    ...splitWordList(block.hit_word),
    ...splitWordList(block.title.replace(/[・／/]/gu, ',')),
  ];
  const phrases = words.map((w) => clip(w.trim(), PHRASE_MAX)).filter((w) => w.length > 0);
  return [...new Set(phrases)].slice(0, PHRASES_MAX);
}

/** The phrases per other talk language, for the languages some route of the block has words in. */
function phrasesInOtherLanguages(block: Block): Pick<RecognitionBlock, 'phrases_i18n'> {
  const spoken = TRANSLATED_LANGUAGES.filter((language) =>
    block.hit_words.some((route) => (route.words_i18n?.[language] ?? []).some((w) => w.trim() !== '')),
  );
  if (spoken.length === 0) return {};
  return { phrases_i18n: Object.fromEntries(spoken.map((language) => [language, phrasesOf(block, language)])) };
}

/** The title's translations (the talk history shows them), fitted into the label bound; none when an operator wrote none. */
function titleTranslationsOf(block: Block): Pick<RecognitionBlock, 'title_i18n'> {
  if (!block.title_i18n) return {};
  const fitted = trimmedTranslations(block.title_i18n);
  for (const language of TRANSLATED_LANGUAGES)
    if (fitted[language]) fitted[language] = clip(fitted[language], TITLE_MAX);
  return Object.keys(fitted).length > 0 ? { title_i18n: fitted } : {};
}

function recognitionBlock(block: Block): RecognitionBlock {
  const category = clip(block.spj_category?.trim() ?? '', BLOCK.spj_category.anyOf[0].maxLength ?? 200);
  return {
    block_id: block.id,
    title: clip(block.title, TITLE_MAX),
    ...titleTranslationsOf(block),
    phrases: phrasesOf(block),
    ...phrasesInOtherLanguages(block),
    spj_category: category || null,
    listen_next_block: block.listen_next_block.filter(isId).slice(0, NEXT_MAX),
  };
}

/** The block's buttons as action definitions: the code is the button's code, else its id. */
function actionsOf(characterId: string, block: Block): ActionDefinition[] {
  return block.action_buttons
    .filter((button) => isId(button.id))
    .map((button) => ({
      code: clip(button.code?.trim() || button.id, CODE_MAX),
      character_id: characterId,
      block_id: block.id,
      button_id: button.id,
      title: button.title,
      points: button.points ?? 0,
    }));
}

/** The operator's groups within the schema's bounds; a group left with no synonym says nothing and is left out. */
function synonymsOf(groups: Character['synonyms']): SynonymGroup[] {
  const fit = (words: string[]) => words.map((w) => clip(w.trim(), SYNONYM_MAX)).filter((w) => w.length > 0);
  return (groups ?? [])
    .map((g) => ({ word: fit([g.word])[0] ?? '', synonyms: fit(g.synonyms).slice(0, SYNONYMS_PER_GROUP) }))
    .filter((g) => g.word !== '' && g.synonyms.length > 0)
    .slice(0, SYNONYM_GROUPS_MAX);
}

export function recognitionSnapshot(
  characterId: string,
  character: Pick<Character, 'blocks' | 'setting' | 'synonyms'>,
): CharacterRecognition {
  const blocks = character.blocks.filter((block) => isId(block.id)).slice(0, BLOCKS_MAX);
  const { es_index_name, spj_url, spj_api_key, google_key } = character.setting;
  return {
    es_index_name: setOrEmpty(es_index_name.trim(), SETTING.es_index_name.maxLength),
    spj_url: setOrEmpty(spj_url.trim(), SETTING.spj_url.maxLength),
    spj_api_key: setOrEmpty(spj_api_key, SETTING.spj_api_key.maxLength),
    google_key: setOrEmpty(google_key.trim(), SETTING.google_key.maxLength),
    blocks: blocks.map(recognitionBlock),
    // A character id outside the contract cannot name its actions (catalog ids are UUIDs, so this is only a guard).
    actions: isId(characterId) ? blocks.flatMap((block) => actionsOf(characterId, block)).slice(0, ACTIONS_MAX) : [],
    synonyms: synonymsOf(character.synonyms),
  };
}
