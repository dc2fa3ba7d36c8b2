import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/harness.tsx';
import AlbumConversationPage from './AlbumConversationPage.tsx';
import AlbumPage from './AlbumPage.tsx';
import { aPreviewCharacter, aServedCharacter, albumServer, anAlbum, anAlbumBlock, signedIn } from './testing.ts';

const routes = [
  { path: '/full/album/:character_slug', element: <AlbumPage /> },
  { path: '/full/album/:character_slug/:button_id', element: <AlbumConversationPage /> },
];

function serve(found = [anAlbumBlock('greet', { how: 'serial', times: 0 }), anAlbumBlock('topic', { times: 3 })]) {
  const served = aServedCharacter({ name: 'ユイ' });
  const { id, slug } = served.character;
  const server = albumServer({
    [`GET characters/by-slug/${slug}`]: [200, served],
    [`GET dialogue/album/${id}`]: [200, anAlbum(id, found)],
  });
  return { served, slug: slug!, id, server };
}

describe('AlbumPage', () => {
  it('AlbumPage, two of six blocks found, shows the share and each conversation with 「？？？」 for the rest', async () => {
    const { slug, server } = serve();

    await renderRoutes(routes, { path: `/full/album/${slug}`, state: signedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: 'ユイのアルバム' })).toBeTruthy();
    const meter = screen.getByRole('progressbar', { name: '見つけた場面' });
    expect([
      meter.getAttribute('aria-valuenow'),
      meter.getAttribute('aria-valuemax'),
      meter.getAttribute('aria-valuetext'),
    ]).toEqual(['2', '6', '2 / 6']);
    const talk = screen.getByRole('region', { name: 'おしゃべり' });
    const items = within(within(talk).getByRole('list', { name: 'おしゃべり' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.includes('？？？'))).toEqual([false, false, true, true]);
    expect(within(items[0]!).getByText('シリアルコード')).toBeTruthy();
    expect(within(items[1]!).getByText('会話で発見')).toBeTruthy();
    expect(within(items[1]!).getByText(/3回/)).toBeTruthy();
    expect(within(talk).getByRole('link', { name: '「おしゃべり」の場面を順に見る' }).getAttribute('href')).toBe(
      `/full/album/${slug}/btn-talk`,
    );
    expect(server.calls.map((call) => call.url)).toEqual([
      `/api/characters/by-slug/${slug}`,
      expect.stringMatching(/^\/api\/dialogue\/album\/c-/),
    ]);
  });

  it('AlbumPage, replay of a found block, plays its trigger video with subtitles and closes', async () => {
    const { slug, id } = serve();
    const { router } = await renderRoutes(routes, { path: `/full/album/${slug}`, state: signedIn() });

    fireEvent.click(await screen.findByRole('link', { name: '「場面-topic」をもう一度見る' }));

    const viewer = await screen.findByRole('region', { name: '「場面-topic」' });
    expect(router.state.location.search).toBe('?block=topic&album=true');
    const video = viewer.querySelector('video');
    expect(video?.getAttribute('src')).toBe(`/files/${id}/topic.mp4`);
    expect(video?.querySelector('track')?.getAttribute('src')).toBe(`/files/${id}/ja-JP/topic.vtt`);
    fireEvent.click(within(viewer).getByRole('button', { name: '閉じる' }));
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: '「場面-topic」' })).toBeNull());
  });

  it('AlbumPage, nothing found yet, says so and still shows every conversation as 「？？？」', async () => {
    const { slug } = serve([]);

    await renderRoutes(routes, { path: `/full/album/${slug}`, state: signedIn() });

    expect(await screen.findByText(/まだ見つけた場面がありません/)).toBeTruthy();
    expect(screen.getAllByText('？？？')).toHaveLength(5);
    expect(screen.queryByRole('link', { name: /もう一度見る/ })).toBeNull();
  });

  it('AlbumPage, served as a preview (not entitled) with blocks found, lists what was found without a replay and says what buying gives', async () => {
    const served = aPreviewCharacter({ name: 'ユイ' });
    const { id, slug } = served.character;
    albumServer({
      [`GET characters/by-slug/${slug}`]: [200, served],
      [`GET dialogue/album/${id}`]: [200, anAlbum(id, [anAlbumBlock('greet'), anAlbumBlock('topic')])],
    });

    const { router } = await renderRoutes(routes, {
      path: `/full/album/${slug}?block=topic&album=true`,
      state: signedIn(),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'ユイのアルバム' })).toBeTruthy();
    expect(screen.getByText('ユイを購入すると、見つけた場面をいつでも見返せます。')).toBeTruthy();
    expect(screen.getByText('場面-topic')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '「場面-topic」をもう一度見る' })).toBeNull();
    expect(screen.getByRole('link', { name: '「場面-greet」をもう一度見る' })).toBeTruthy();
    expect(document.querySelector('video')).toBeNull();
    expect(router.state.location.pathname).toBe(`/full/album/${slug}`);
  });

  it('AlbumPage, an unknown character, says the album was not found', async () => {
    albumServer({});

    await renderRoutes(routes, { path: '/full/album/nobody', state: signedIn() });

    expect(await screen.findByText('このアルバムは見つかりませんでした。')).toBeTruthy();
  });

  it('AlbumPage, the album failing, shows an error with a reload button that asks again', async () => {
    const served = aServedCharacter();
    const server = albumServer({
      [`GET characters/by-slug/${served.character.slug}`]: [200, served],
      [`GET dialogue/album/${served.character.id}`]: [500, { ok: false, message: 'boom' }],
    });
    await renderRoutes(routes, { path: `/full/album/${served.character.slug}`, state: signedIn() });

    expect(await screen.findByText('アルバムを読み込めませんでした。')).toBeTruthy();
    const before = server.calls.length;
    fireEvent.click(screen.getByRole('button', { name: '再読み込み' }));
    await vi.waitFor(() => expect(server.calls.length).toBeGreaterThan(before));
  });
});

describe('AlbumConversationPage', () => {
  it('AlbumConversationPage, a start button, lists its conversation in order with its own share', async () => {
    const { slug } = serve([anAlbumBlock('reply')]);

    await renderRoutes(routes, { path: `/full/album/${slug}/btn-talk`, state: signedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: 'おしゃべり' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'この会話で見つけた場面' }).getAttribute('aria-valuetext')).toBe(
      '1 / 4',
    );
    const items = within(screen.getByRole('list', { name: 'おしゃべり' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.startsWith('？？？'))).toEqual([true, true, false, true]);
    expect(screen.getByRole('link', { name: 'ユイのアルバムへ戻る' }).getAttribute('href')).toBe(`/full/album/${slug}`);
  });

  it('AlbumConversationPage, ?block= naming a found block, opens the viewer at once', async () => {
    const { slug, id } = serve([anAlbumBlock('reply')]);

    await renderRoutes(routes, { path: `/full/album/${slug}/btn-talk?block=reply&album=true`, state: signedIn() });

    const viewer = await screen.findByRole('region', { name: '「場面-reply」' });
    expect(viewer.querySelector('video')?.getAttribute('src')).toBe(`/files/${id}/reply.mp4`);
  });

  it('AlbumConversationPage, ?block= naming a block not found yet, shows no video (the URL does not unlock it)', async () => {
    const { slug } = serve([anAlbumBlock('reply')]);

    await renderRoutes(routes, { path: `/full/album/${slug}/btn-talk?block=bonus&album=true`, state: signedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: 'おしゃべり' })).toBeTruthy();
    expect(document.querySelector('video')).toBeNull();
  });

  it('AlbumConversationPage, an unknown button, says the album was not found', async () => {
    const { slug } = serve();

    await renderRoutes(routes, { path: `/full/album/${slug}/btn-nope`, state: signedIn() });

    expect(await screen.findByText('このアルバムは見つかりませんでした。')).toBeTruthy();
  });

  it('AlbumPage, the interface in en-US, shows a found block by its English title and one without a translation in Japanese', async () => {
    const { slug } = serve([anAlbumBlock('greet', { title_i18n: { 'en-US': 'Hello there' } }), anAlbumBlock('topic')]);

    await renderRoutes(routes, { path: `/full/album/${slug}`, state: signedIn(), language: 'en-US' });

    const titles = await screen.findAllByText(/^(Hello there|場面-topic)$/u);
    expect(titles.map((title) => title.textContent)).toEqual(['Hello there', '場面-topic']);
    expect(screen.queryByText('場面-greet')).toBeNull();
  });

  it('AlbumPage, the interface in en-US, heads a conversation by its English title and one without a translation in Japanese', async () => {
    const { slug } = serve([anAlbumBlock('greet')]);

    await renderRoutes(routes, { path: `/full/album/${slug}`, state: signedIn(), language: 'en-US' });

    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((heading) => heading.textContent)).toEqual(['Small talk', '占い']);
  });
});
