import { Block } from '@talkwith/proto/dialogue';
import { BlockPatch, NewBlock } from '@talkwith/proto/catalog';
import { Value } from '@sinclair/typebox/value';
import { ValueErrorType, type ValueError } from '@sinclair/typebox/errors';
import type { TSchema } from '@sinclair/typebox';
import type { AdminMessages } from '../messages.ts';

/**
 * The side panel's fields, grouped as proto/src/dialogue/block.ts groups them.
 * What input each field gets is read from the proto schema itself (integer,
 * flag, text, id, id list), and what an id points at from its name, so a
 * field added to Block only needs a place in a group and a label.
 */
export type BlockField = Exclude<keyof Block, 'character_id' | 'is_edit_locked'>;

export const FIELD_GROUPS: ReadonlyArray<{
  key: keyof AdminMessages['blocks']['group'];
  fields: readonly BlockField[];
}> = [
  {
    key: 'basic',
    fields: ['id', 'title', 'title_i18n', 'trigger_video_id', 'play_now', 'play_again', 'mic_on_millisecond'],
  },
  {
    key: 'listen',
    fields: [
      'listen_video_ids',
      'listen_video_number',
      'max_recognition_time',
      'nod_video_ids',
      'show_previous_block_speech',
    ],
  },
  {
    key: 'hitWords',
    fields: [
      'hit_words',
      'hit_word',
      'valid_response',
      'listen_next_block',
      'force_blocks',
      'not_hitword_blocks',
      'skip_video_ids',
      'slot_name',
    ],
  },
  {
    key: 'spj',
    fields: [
      'valid_response_ids',
      'spj_category',
      'spj_empty_score',
      'spj_empty_count',
      'spj_empty_end',
      'spj_empty_blocks',
      'spj_empty_videos',
      'spj_out_score',
      'spj_out_count',
      'spj_out_video_id',
      'spj_out_block_id',
    ],
  },
  {
    key: 'invalid',
    fields: [
      'invalid_max_count',
      'invalid_count',
      'invalid_response_video_ids',
      'invalid_video_id',
      'invalid_final_video_id',
      'invalid_final_block',
    ],
  },
  {
    key: 'silence',
    fields: [
      'silence_time_limit',
      'silence_limit',
      'silence_count',
      'silence_video_ids',
      'silence_video_id',
      'silence_final_blocks',
      'silence_final_block_id',
    ],
  },
  {
    key: 'auto',
    fields: [
      'play_final_block',
      'replacement_video_ids',
      'replacement_block_ids',
      'random_count',
      'random_end_block_id',
      'summary_mode',
      'kikiwasure_mode',
    ],
  },
  { key: 'buttons', fields: ['action_buttons'] },
];

export type RefKind = 'block' | 'video' | 'slot';
export type Widget =
  | { kind: 'text' }
  | { kind: 'integer' }
  | { kind: 'nullableNumber' }
  | { kind: 'flag' }
  | { kind: 'nullableText' }
  | { kind: 'ref'; ref: RefKind }
  | { kind: 'refList'; ref: RefKind }
  | { kind: 'hitWords' }
  | { kind: 'actionButtons' }
  | { kind: 'translations' }
  | { kind: 'readonly' };

const schemaOf = (field: BlockField): TSchema => (Block.properties as Record<string, TSchema>)[field] as TSchema;
const isNullableOf = (schema: TSchema, type: string) =>
  Array.isArray(schema.anyOf) && schema.anyOf.some((s: TSchema) => s.type === type);

/** A reference field's target: videos by name, the slot by name, every other id names a block. */
function refOf(field: BlockField): RefKind | null {
  if (field === 'slot_name') return 'slot';
  if (field === 'spj_category') return null;
  return /video/.test(field) ? 'video' : 'block';
}

export function widgetOf(field: BlockField): Widget {
  if (field === 'hit_words') return { kind: 'hitWords' };
  if (field === 'action_buttons') return { kind: 'actionButtons' };
  if (field === 'title_i18n') return { kind: 'translations' };
  if (field === 'id') return { kind: 'readonly' };
  const schema = schemaOf(field);
  const ref = refOf(field);
  if (schema.type === 'boolean') return { kind: 'flag' };
  if (schema.type === 'integer') return { kind: 'integer' };
  if (schema.type === 'string') return { kind: 'text' };
  if (schema.type === 'array') return ref ? { kind: 'refList', ref } : { kind: 'text' };
  if (isNullableOf(schema, 'number')) return { kind: 'nullableNumber' };
  return ref ? { kind: 'ref', ref } : { kind: 'nullableText' };
}

/**
 * Checked against the proto's own schemas: the edit body (what PUT accepts, with
 * its length bounds) and a new block (POST). Value.Errors, not TypeCompiler:
 * the page's Content-Security-Policy forbids the compiler's eval.
 */
/** Field → the i18n key (under blocks.error) and its values. */
export interface FieldError {
  key: keyof AdminMessages['blocks']['error'];
  values: Record<string, unknown>;
}
export type FieldErrors = Partial<Record<string, FieldError>>;

/** The schema's complaints by top-level field (`/hit_words/0/words` → `hit_words`), the first one of each. */
function errorsOf(schema: TSchema, value: unknown): FieldErrors {
  const errors: FieldErrors = {};
  for (const error of Value.Errors(schema, value)) {
    const field = error.path.split('/')[1] ?? '';
    errors[field] ??= errorText(error);
  }
  return errors;
}

export const patchErrors = (patch: Record<string, unknown>): FieldErrors => errorsOf(BlockPatch, patch);
export const newBlockErrors = (block: Record<string, unknown>): FieldErrors => errorsOf(NewBlock, block);

/** The i18n key (under blocks.error) and values of a schema error: the limits come from the schema, so the form says what the server would. */
export function errorText(error: ValueError): FieldError {
  const schema = error.schema as {
    minLength?: number;
    maxLength?: number;
    minimum?: number;
    maxItems?: number;
    minItems?: number;
  };
  switch (error.type) {
    case ValueErrorType.StringMinLength:
      return { key: 'required', values: {} };
    case ValueErrorType.ArrayMinItems:
      return { key: 'minItems', values: { n: schema.minItems } };
    case ValueErrorType.StringMaxLength:
      return { key: 'maxLength', values: { n: schema.maxLength } };
    case ValueErrorType.ArrayMaxItems:
      return { key: 'maxItems', values: { n: schema.maxItems } };
    case ValueErrorType.StringPattern:
      return { key: 'pattern', values: {} };
    case ValueErrorType.IntegerMinimum:
    case ValueErrorType.NumberMinimum:
      return { key: 'minimum', values: { n: schema.minimum } };
    case ValueErrorType.Integer:
    case ValueErrorType.Number:
      return { key: 'integer', values: {} };
    default:
      return { key: 'invalid', values: {} };
  }
}

/** Only the fields that differ from the stored block (what PUT sends). */
export function changedFields(original: Block, draft: Block): Partial<Block> {
  const changed: Record<string, unknown> = {};
  for (const key of Object.keys(draft) as Array<keyof Block>) {
    if (key === 'id' || key === 'character_id' || key === 'is_edit_locked') continue;
    if (JSON.stringify(original[key]) !== JSON.stringify(draft[key])) changed[key] = draft[key];
  }
  return changed as Partial<Block>;
}

/**
 * The form after the server's copy of the block changed underneath it (an
 * edge drawn or deleted on the graph): every field the operator has not
 * edited takes the new value; the operator's own edits stay.
 */
export function rebasedDraft(draft: Block, before: Block, after: Block): Block {
  const next: Record<string, unknown> = { ...draft };
  for (const key of Object.keys(after) as Array<keyof Block>) {
    if (JSON.stringify(draft[key]) === JSON.stringify(before[key])) next[key] = after[key];
  }
  return next as Block;
}
