import type { RecognizeOutcome, RecognizeRequest, SpeechToText } from './port.ts';

export interface GoogleSttOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
}

/** The parts of a v1 `speech:recognize` answer we read (anything else is ignored). */
interface RecognizeBody {
  results?: { alternatives?: { transcript?: unknown }[] }[];
  error?: { status?: unknown; message?: unknown; details?: { reason?: unknown }[] };
}

/**
 * Google Cloud Speech-to-Text over its REST API. The REST API has no
 * streaming call (streamingRecognize is gRPC only) and `longrunningrecognize`
 * answers by polling, so the stream is recognised by calling the synchronous
 * `v1/speech:recognize` on the audio received so far (≤ 60 s): each call
 * yields the transcript up to now (an interim result), the last one the final.
 */
export function googleSpeechToText(options: GoogleSttOptions): SpeechToText {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/v1/speech:recognize?key=${encodeURIComponent(options.apiKey)}`;
  return {
    available: true,
    async recognize(request) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(recognizeBody(request)),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (err) {
        // Never the URL: it carries the key.
        return { kind: 'failed', reason: (err as Error).name === 'TimeoutError' ? 'timeout' : 'network' };
      }
      const body = (await response.json().catch(() => ({}))) as RecognizeBody;
      return outcomeOf(response.status, body);
    },
  };
}

function recognizeBody(request: RecognizeRequest): object {
  return {
    config: {
      encoding: request.encoding,
      sampleRateHertz: request.sampleRateHertz,
      languageCode: request.language,
      maxAlternatives: 1,
      enableAutomaticPunctuation: false,
    },
    audio: { content: request.audio.toString('base64') },
  };
}

/** Google answers a bad key with 400 API_KEY_INVALID, a key not allowed this API with 403 (401 without one). */
function keyRefused(status: number, body: RecognizeBody): boolean {
  if (status === 401 || status === 403) return true;
  const reasons = (body.error?.details ?? []).map((d) => d.reason);
  return status === 400 && (reasons.includes('API_KEY_INVALID') || /api key/i.test(String(body.error?.message ?? '')));
}

export function outcomeOf(status: number, body: RecognizeBody): RecognizeOutcome {
  if (keyRefused(status, body)) return { kind: 'key-invalid' };
  if (status !== 200) return { kind: 'failed', reason: `status ${status}` };
  // No speech is `{}` (no results); each result is a consecutive part of the audio.
  const text = (body.results ?? [])
    .map((r) => r.alternatives?.[0]?.transcript)
    .filter((t): t is string => typeof t === 'string')
    .join('')
    .trim();
  return { kind: 'text', text };
}
