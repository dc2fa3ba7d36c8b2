import { useEffect, useState } from 'react';
import type { SubtitleSize } from './subtitlePrefs.ts';
import { cuesAt, parseVtt, type Cue } from './vtt.ts';

const cache = new Map<string, Promise<Cue[]>>();

function loadCues(url: string): Promise<Cue[]> {
  let pending = cache.get(url);
  if (!pending) {
    pending = fetch(url)
      .then((res) => (res.ok ? res.text() : ''))
      .then(parseVtt)
      .catch(() => []);
    cache.set(url, pending);
  }
  return pending;
}

/**
 * The cues of the visible video at its current playback time (own renderer: same look on every browser, testable in
 * the DOM), in the user's size (`--player-cue-size` of `player__subtitles--{size}`).
 */
export function Subtitles({
  url,
  video,
  size = 'm',
}: {
  url: string | null;
  video: HTMLVideoElement | null;
  size?: SubtitleSize;
}) {
  const [cues, setCues] = useState<{ url: string; cues: Cue[] } | null>(null);
  const [time, setTime] = useState(0);

  useEffect(() => {
    let live = true;
    if (url)
      void loadCues(url).then((loaded) => {
        if (live) setCues({ url, cues: loaded });
      });
    return () => {
      live = false;
    };
  }, [url]);

  useEffect(() => {
    if (!video) return undefined;
    const update = () => setTime(video.currentTime);
    update();
    video.addEventListener('timeupdate', update);
    video.addEventListener('seeked', update);
    return () => {
      video.removeEventListener('timeupdate', update);
      video.removeEventListener('seeked', update);
    };
  }, [video]);

  const lines = url && cues?.url === url ? cuesAt(cues.cues, time) : [];
  return (
    <div className={`player__subtitles player__subtitles--${size}`} aria-live="polite" data-testid="subtitles">
      {lines.map((line) => (
        <p key={line} className="player__cue">
          {line}
        </p>
      ))}
    </div>
  );
}
