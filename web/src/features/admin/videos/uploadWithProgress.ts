import { CSRF_COOKIE, CSRF_HEADER, readCookie } from '../../../api/cookies.ts';

export interface UploadOutcome {
  status: number;
  /** The JSON body of the answer (an error body when status is not 2xx); null when it was not JSON. */
  body: unknown;
}

export interface UploadRequest {
  /** Absolute path of the call, e.g. /api/<prefix>/characters/c1/video/upload. */
  url: string;
  file: File;
  /** Multipart fields sent before the file (the server names the stored file from them as it streams). */
  fields?: Record<string, string>;
  fileField?: string;
  accessToken: string | null;
  /** 0…1 as the browser sends the body. */
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
}

function jsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * A multipart upload through XMLHttpRequest: RTK Query's fetch cannot report
 * upload progress, and a clip of hundreds of MB needs a progress bar. Sends
 * the same credentials as the API client (bearer token, CSRF double submit).
 */
export function uploadWithProgress({
  url,
  file,
  fields = {},
  fileField = 'file',
  accessToken,
  onProgress,
  signal,
}: UploadRequest): Promise<UploadOutcome> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(fileField, file, file.name);
  const xhr = new XMLHttpRequest();
  return new Promise((resolve, reject) => {
    xhr.open('POST', url);
    xhr.withCredentials = true;
    if (accessToken) xhr.setRequestHeader('authorization', `Bearer ${accessToken}`);
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf) xhr.setRequestHeader(CSRF_HEADER, csrf);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) onProgress(1);
      resolve({ status: xhr.status, body: jsonOrNull(xhr.responseText) });
    };
    xhr.onerror = () => reject(new Error('network'));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** The message of an upload's error body ({ok:false, message}), else the fallback. */
export function uploadErrorOf(outcome: UploadOutcome, fallback: string): string {
  const body = outcome.body as { message?: unknown } | null;
  return typeof body?.message === 'string' && body.message ? body.message : fallback;
}
