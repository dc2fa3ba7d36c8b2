import { useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { VideoEntry } from '@talkwith/proto/catalog';
import { useAppDispatch } from '../../../app/hooks.ts';
import { Card } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { adminUrl } from '../adminApi.ts';
import { ADMIN_NS } from '../i18n.ts';
import { useLeaveGuard } from '../useLeaveGuard.ts';
import { useAuthorizedUpload } from './useAuthorizedUpload.ts';
import { uploadErrorOf } from './uploadWithProgress.ts';
import { videosApi } from './videosApi.ts';
import './videos.css';

interface Upload {
  key: string;
  file: File;
  progress: number;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  message?: string;
  video?: VideoEntry;
}

const sizeOf = (bytes: number) =>
  bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;

function UploadRow({ upload }: { upload: Upload }) {
  const { t } = useTranslation(ADMIN_NS);
  const percent = Math.round(upload.progress * 100);
  const warnings = upload.video?.continuity?.warnings ?? [];
  return (
    <li className={`upload upload--${upload.state}`}>
      <div className="upload__head">
        <strong className="upload__name">{upload.file.name}</strong>
        <span className="muted small">
          {sizeOf(upload.file.size)} · {t(`videos.upload.${upload.state}`, { percent })}
        </span>
      </div>
      <progress
        className="upload__bar"
        max={100}
        value={percent}
        aria-label={t('videos.upload.progressOf', { name: upload.file.name })}
      >
        {percent}%
      </progress>
      {upload.message && (
        <p className="upload__error" role="alert">
          {upload.message}
        </p>
      )}
      {warnings.map((warning) => (
        <p key={warning} className="continuity-warning">
          {warning}
        </p>
      ))}
    </li>
  );
}

/** Uploads several clips one after another (the server streams each to the files port), each with its own progress bar. */
export function VideoUploader({ characterId }: { characterId: string }) {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const dispatch = useAppDispatch();
  const send = useAuthorizedUpload();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  // Closing the tab aborts the queue; another console page does not (the uploads go on without their bars).
  useLeaveGuard(
    uploads.some((u) => u.state === 'waiting' || u.state === 'uploading'),
    { tabOnly: true },
  );
  const running = useRef(Promise.resolve());
  const patch = (key: string, change: Partial<Upload>) =>
    setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const uploadOne = async (upload: Upload) => {
    patch(upload.key, { state: 'uploading' });
    try {
      const outcome = await send({
        url: `/api/${adminUrl(apiBase, `characters/${encodeURIComponent(characterId)}/video/upload`)}`,
        file: upload.file,
        onProgress: (progress) => patch(upload.key, { progress }),
      });
      if (outcome.status === 201)
        patch(upload.key, { state: 'done', video: (outcome.body as { video: VideoEntry }).video });
      else patch(upload.key, { state: 'failed', message: uploadErrorOf(outcome, t('videos.upload.failedText')) });
    } catch {
      patch(upload.key, { state: 'failed', message: t('videos.upload.network') });
    }
    dispatch(videosApi.util.invalidateTags([{ type: 'AdminVideos', id: characterId }, 'AdminCharacters']));
  };
  const add = (files: File[]) => {
    const added = files.map((file, index): Upload => ({
      key: `${Date.now()}-${index}-${file.name}`,
      file,
      progress: 0,
      state: 'waiting',
    }));
    setUploads((all) => [...added, ...all]);
    // One at a time: each upload gets the whole connection, and the server probes one clip at a time.
    for (const upload of added) running.current = running.current.then(() => uploadOne(upload));
  };
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    add([...(event.target.files ?? [])]);
    event.target.value = '';
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add([...event.dataTransfer.files]);
  };

  return (
    <Card>
      <h2 className="section-title">{t('videos.upload.title')}</h2>
      <div
        className={`dropzone${dragging ? ' dropzone--over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <p>{t('videos.upload.drop')}</p>
        <label className="btn btn--primary">
          {t('videos.upload.choose')}
          <input
            type="file"
            multiple
            accept="video/mp4,video/webm,.mp4,.webm"
            className="visually-hidden"
            onChange={choose}
          />
        </label>
        <p className="muted small">{t('videos.upload.rule')}</p>
      </div>
      {uploads.length > 0 && (
        <ul className="uploads">
          {uploads.map((u) => (
            <UploadRow key={u.key} upload={u} />
          ))}
        </ul>
      )}
    </Card>
  );
}
