import type { ActionButton, EndReason, EngineCommand, StartButton, VideoSlotName } from '@talkwith/proto/dialogue';

/** What one <video> element should show (the effect runner drives the element itself). */
export interface SlotView {
  videoId: string | null;
  loop: boolean;
  loopCount: number;
}

/** Everything the player screen shows, derived from the engine's commands. Plain serialisable data. */
export interface PlayerView {
  slots: Record<VideoSlotName, SlotView>;
  activeSlot: VideoSlotName;
  /** Subtitle name (video title without .mp4) of the visible video. */
  subtitle: string | null;
  micOn: boolean;
  /** show_speech_mic: whether the microphone indicator shows while listening. */
  micIndicator: boolean;
  startButtons: StartButton[];
  actionButtons: ActionButton[];
  recognition: { text: string; final: boolean } | null;
  previousSpeech: string | null;
  summary: { title: string; items: Array<{ slot: string; label: string; value: string }> } | null;
  filledSlots: Record<string, string>;
  paused: boolean;
  ended: { reason: EndReason; totalBilledTime: number } | null;
  /** Search/score requests the runner is resolving. */
  pendingRequests: number;
}

const emptySlot = (): SlotView => ({ videoId: null, loop: false, loopCount: 0 });

export const initialView = (): PlayerView => ({
  slots: { A: emptySlot(), B: emptySlot() },
  activeSlot: 'A',
  subtitle: null,
  micOn: false,
  micIndicator: false,
  startButtons: [],
  actionButtons: [],
  recognition: null,
  previousSpeech: null,
  summary: null,
  filledSlots: {},
  paused: false,
  ended: null,
  pendingRequests: 0,
});

/** Applies one engine command to the view (mutates the Immer draft). Commands without a visible effect are ignored here. */
export function applyCommand(view: PlayerView, command: EngineCommand): void {
  switch (command.type) {
    case 'playVideo':
      view.slots[command.slot] = { videoId: command.videoId, loop: command.loop, loopCount: command.loopCount };
      view.activeSlot = command.slot;
      view.ended = null;
      return;
    case 'preloadVideo':
      view.slots[command.slot] = { videoId: command.videoId, loop: false, loopCount: 1 };
      return;
    case 'showSubtitles':
      view.subtitle = command.name;
      return;
    case 'micOn':
      view.micOn = true;
      view.micIndicator = command.showIndicator;
      return;
    case 'micOff':
      view.micOn = false;
      return;
    case 'pauseVideo':
      view.paused = true;
      return;
    case 'resumeVideo':
      view.paused = false;
      return;
    case 'showStartButtons':
      view.startButtons = command.buttons;
      if (command.buttons.length > 0) resetConversation(view);
      return;
    case 'showActionButtons':
      view.actionButtons = command.buttons;
      return;
    case 'showRecognitionText':
      view.recognition = { text: command.text, final: command.final };
      return;
    case 'showPreviousSpeech':
      view.previousSpeech = command.text;
      return;
    // A block begins (the engine tracks every block it enters): what was heard belongs to the block before, and
    // only a block with show_previous_block_speech shows it again (its showPreviousSpeech follows).
    case 'trackStep':
      view.recognition = null;
      view.previousSpeech = null;
      return;
    case 'fillSlot':
      view.filledSlots[command.name] = command.value;
      return;
    case 'showSummary':
      view.summary = { title: command.title, items: command.items };
      return;
    case 'requestSearch':
    case 'requestScore':
    case 'requestUnderstand':
      view.pendingRequests += 1;
      return;
    case 'end':
      view.ended = { reason: command.reason, totalBilledTime: command.totalBilledTime };
      view.micOn = false;
      view.actionButtons = [];
      return;
    default:
  }
}

/** Standby again: what the last conversation showed is cleared. */
function resetConversation(view: PlayerView): void {
  Object.assign(view, {
    recognition: null,
    previousSpeech: null,
    summary: null,
    filledSlots: {},
    ended: null,
    actionButtons: [],
    paused: false,
  });
}
