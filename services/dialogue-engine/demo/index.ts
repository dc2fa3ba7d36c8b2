import path from 'node:path';

export { demoCharacter, demoBlocks, demoVideos } from './character.ts';
export { soraAssetsDir, soraBlocks, soraCharacter, soraVideos, SORA_PRICE, SORA_SPECIAL } from './sora.ts';

/** Absolute path of the demo media (videos/<id>.mp4 and subtitles/...), for serving in standalone mode. */
export const demoAssetsDir: string = path.join(import.meta.dirname, 'assets');
export { demoTests } from './tests.ts';
