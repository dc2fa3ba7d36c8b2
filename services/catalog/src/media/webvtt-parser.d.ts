// webvtt-parser ships no types; only what subtitles.ts uses is declared.
declare module 'webvtt-parser' {
  export interface ParseError {
    message: string;
    line: number;
    col: number;
  }
  export interface Cue {
    startTime: number;
    endTime: number;
    text: string;
  }
  export class WebVTTParser {
    parse(
      input: string,
      mode?: 'subtitles' | 'metadata' | 'chapters',
    ): { cues: Cue[]; errors: ParseError[]; time: number };
  }
  const parser: { WebVTTParser: typeof WebVTTParser };
  export default parser;
}
