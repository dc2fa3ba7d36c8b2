/*
 * Plain values of the dialogue contract, with no schema here (no TypeBox
 * value import): the player and the dialogue engine use them in the browser,
 * and a constant imported from a schema module carries TypeBox into the
 * player's chunk (26 kB gzipped; the chat route's JS budget is 170 kB).
 */

/** The longest unmatched utterance kept (longer ones are cut). */
export const UNMATCHED_TEXT_MAX = 200;

/** Server speech-to-text: the dialogue service's WebSocket (stt.ts has its frames). */
export const STT_PATH = '/api/dialogue/stt';

/** The largest frame the STT socket accepts (a MediaRecorder chunk of a few hundred ms is 1–4 KiB). */
export const STT_MAX_FRAME_BYTES = 64 * 1024;
