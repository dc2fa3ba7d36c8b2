import { describe, expect, it } from 'vitest';
import { albumSections, buttonSection, replayOf } from './albumModel.ts';
import { aServedCharacter, anAlbum, anAlbumBlock } from './testing.ts';

describe('albumModel', () => {
  it('albumSections, some blocks found, lists each conversation in order with placeholders for the rest', () => {
    const { character } = aServedCharacter();
    const album = anAlbum(character.id, [anAlbumBlock('topic'), anAlbumBlock('greet', { how: 'serial' })]);

    const sections = albumSections(character, album);

    expect(sections.map((section) => [section.title, section.button?.id])).toEqual([
      ['おしゃべり', 'btn-talk'],
      ['占い', 'btn-fortune'],
    ]);
    expect(sections[0]!.entries.map((entry) => (entry.kind === 'found' ? entry.block.block_id : '？'))).toEqual([
      'greet',
      'topic',
      '？',
      '？',
    ]);
    expect(sections[1]!.entries.map((entry) => entry.kind)).toEqual(['hidden']);
  });

  it('albumSections, a found block in no conversation, comes last in a section of its own', () => {
    const { character } = aServedCharacter();

    const sections = albumSections(character, anAlbum(character.id, [anAlbumBlock('extra')]));

    expect(sections.at(-1)).toMatchObject({
      id: 'others',
      title: '',
      button: null,
      entries: [{ kind: 'found', block: { block_id: 'extra' } }],
    });
  });

  it('albumSections, a character without conversations and nothing found, has no sections', () => {
    const served = aServedCharacter();
    served.character.dialogue.conversations = [];

    expect(albumSections(served.character, anAlbum(served.character.id, []))).toEqual([]);
  });

  it('buttonSection, a start button, gives the conversation holding its first block', () => {
    const { character } = aServedCharacter();

    const section = buttonSection(character, anAlbum(character.id, [anAlbumBlock('reply')]), 'btn-talk');

    expect(section).toMatchObject({ title: 'おしゃべり', title_i18n: { 'en-US': 'Small talk' } });
    expect(section?.entries.map((entry) => entry.kind)).toEqual(['hidden', 'hidden', 'found', 'hidden']);
  });

  it('buttonSection, a button outside every conversation, is a conversation of its one block under the button title', () => {
    const { character } = aServedCharacter();

    const section = buttonSection(character, anAlbum(character.id, []), 'btn-extra');

    expect(section).toMatchObject({ id: 'btn-extra', title: 'おまけ', entries: [{ kind: 'hidden', key: 'extra' }] });
  });

  it('buttonSection, an unknown button, is null', () => {
    const { character } = aServedCharacter();

    expect(buttonSection(character, anAlbum(character.id, []), 'btn-nope')).toBeNull();
  });

  it('replayOf, a block with a trigger video, gives its URL and the Japanese subtitles when the language has none', () => {
    const { character } = aServedCharacter();

    const replay = replayOf(character, 'topic', 'en-US');

    expect(replay).toMatchObject({
      videoUrl: `/files/${character.id}/topic.mp4`,
      subtitlesUrl: `/files/${character.id}/ja-JP/topic.vtt`,
      subtitlesLanguage: 'ja-JP',
    });
  });

  it('replayOf, a block without a trigger video or an unknown block, has no video or is null', () => {
    const { character } = aServedCharacter();
    character.dialogue.blocks.find((block) => block.id === 'topic')!.trigger_video_id = null;

    expect(replayOf(character, 'topic', 'ja-JP')).toMatchObject({ video: null, videoUrl: null, subtitlesUrl: null });
    expect(replayOf(character, 'nope', 'ja-JP')).toBeNull();
  });
});
