import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { VideoEditBody, type VideoEntry } from '@talkwith/proto/catalog';
import { Field, Notice } from '../../../app/ui.tsx';
import { ADMIN_NS, useAdminTexts } from '../i18n.ts';
import { useAdminBase } from '../AdminBase.tsx';
import { SelectField, SwitchField, TextAreaField } from '../characters/fields.tsx';
import { useSchemaErrors } from '../characters/schemaErrors.ts';
import { useLeaveGuard } from '../useLeaveGuard.ts';
import { placeServerError, serverErrorOf } from '../characters/serverError.ts';
import { useAdminEditVideoMutation } from './videosApi.ts';

const FLAGS = ['play_end', 'loop', 'mic_on', 'play_now'] as const;
const FIELDS = ['title', 'loop_count', 'mic_on_millisecond', 'comment', 'video_style', ...FLAGS];

interface Inputs {
  title: string;
  loop_count: string;
  mic_on_millisecond: string;
  comment: string;
  video_style: string;
  play_end: boolean;
  loop: boolean;
  mic_on: boolean;
  play_now: boolean;
}

const inputsOf = (v: VideoEntry): Inputs => ({
  title: v.title,
  loop_count: String(v.loop_count),
  mic_on_millisecond: v.mic_on_millisecond === null ? '' : String(v.mic_on_millisecond),
  comment: v.comment,
  video_style: v.video_style,
  play_end: v.play_end,
  loop: v.loop,
  mic_on: v.mic_on,
  play_now: v.play_now,
});

/** The edit body: numbers as numbers (an empty mic-on time is null = at the start; an empty count stays '' for the schema to name). */
export function videoEditBodyOf(input: Inputs): Record<string, unknown> {
  return {
    ...input,
    title: input.title.trim(),
    loop_count: input.loop_count.trim() === '' ? '' : Number(input.loop_count),
    mic_on_millisecond: input.mic_on_millisecond.trim() === '' ? null : Number(input.mic_on_millisecond),
  };
}

/** Edits the Video fields of one clip (title, loop, mic, play_end, play_now, comment, orientation). */
export function VideoEditForm({ video, onDone }: { video: VideoEntry; onDone: () => void }) {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const check = useSchemaErrors();
  const [edit, { isLoading, error }] = useAdminEditVideoMutation();
  const [input, setInput] = useState<Inputs>(() => inputsOf(video));
  const [checked, setChecked] = useState<Record<string, string>>({});
  const server = placeServerError(serverErrorOf(error, t('characters.failed')), FIELDS);
  const errors = { ...server.fieldErrors, ...checked };
  const set = <K extends keyof Inputs>(key: K, value: Inputs[K]) => {
    setInput({ ...input, [key]: value });
    setChecked({});
  };
  const { t: v } = useAdminTexts('videos.field');
  useLeaveGuard(JSON.stringify(input) !== JSON.stringify(inputsOf(video)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = videoEditBodyOf(input);
    const problems = check(VideoEditBody, body);
    setChecked(problems);
    if (Object.keys(problems).length > 0) return;
    const result = await edit({
      base: apiBase,
      characterId: video.character_id,
      videoId: video.id,
      body: body as VideoEditBody,
    });
    if (result.data) onDone();
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('videos.editOf', { title: video.title })}>
      {server.topError && <Notice kind="error">{server.topError}</Notice>}
      <div className="form-grid">
        <Field
          label={v('title')}
          name="title"
          value={input.title}
          error={errors.title}
          onChange={(e) => set('title', e.target.value)}
          hint={t('videos.hint.title')}
        />
        <Field
          label={v('loop_count')}
          name="loop_count"
          type="number"
          min={0}
          value={input.loop_count}
          error={errors.loop_count}
          onChange={(e) => set('loop_count', e.target.value)}
          hint={t('videos.hint.loop_count')}
        />
        <Field
          label={v('mic_on_millisecond')}
          name="mic_on_millisecond"
          type="number"
          min={0}
          value={input.mic_on_millisecond}
          error={errors.mic_on_millisecond}
          onChange={(e) => set('mic_on_millisecond', e.target.value)}
          hint={t('videos.hint.mic_on_millisecond')}
        />
        <SelectField
          label={v('video_style')}
          name="video_style"
          value={input.video_style}
          error={errors.video_style}
          onChange={(e) => set('video_style', e.target.value)}
          choices={[
            { value: 'portrait', label: t('videos.portrait') },
            { value: 'landscape', label: t('videos.landscape') },
          ]}
        />
      </div>
      <div className="switch-grid">
        {FLAGS.map((flag) => (
          <SwitchField
            key={flag}
            name={flag}
            label={v(flag)}
            hint={t(`videos.hint.${flag}`)}
            checked={input[flag]}
            onChange={(on) => set(flag, on)}
          />
        ))}
      </div>
      <TextAreaField
        label={v('comment')}
        name="comment"
        rows={2}
        value={input.comment}
        error={errors.comment}
        onChange={(e) => set('comment', e.target.value)}
      />
      <div className="form-actions">
        <button type="submit" className="btn btn--primary btn--small" disabled={isLoading}>
          {t('characters.save')}
        </button>
        <button type="button" className="btn btn--ghost btn--small" onClick={onDone}>
          {t('characters.cancel')}
        </button>
      </div>
    </form>
  );
}
