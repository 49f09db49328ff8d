/**
 * Every sound of Chicken Road, synthesised with the Web Audio API: no files to download, and
 * nothing plays until the player's first tap or key press (browsers refuse autoplay before that).
 */
export type Sfx = 'hop' | 'start' | 'fire' | 'lose' | 'win' | 'cashout' | 'click';

type Ctor = typeof AudioContext;

const midi = (note: number) => 440 * 2 ** ((note - 69) / 12);
const EIGHTH = 0.25; // seconds at 120 bpm
const LOOKAHEAD = 0.2;

// A four-bar C–Am–F–G loop: eighth-note lead over a bouncing bass.
const LEAD: (number | null)[] = [
  72,
  null,
  76,
  79,
  76,
  null,
  72,
  74,
  76,
  null,
  72,
  69,
  72,
  null,
  76,
  null,
  77,
  null,
  81,
  77,
  76,
  null,
  74,
  72,
  74,
  76,
  79,
  null,
  74,
  null,
  71,
  null,
];
const BASS = [48, 45, 41, 43];

export class ChickenAudio {
  private ctx: AudioContext | null = null;
  private master: GainNode | null = null;
  private music: GainNode | null = null;
  private sfx: GainNode | null = null;
  private noise: AudioBuffer | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private nextTime = 0;
  private step = 0;

  constructor(private muted: boolean) {}

  private static ctor(): Ctor | undefined {
    if (typeof window === 'undefined') return undefined;
    return window.AudioContext ?? (window as unknown as { webkitAudioContext?: Ctor }).webkitAudioContext;
  }

  /** Creates or resumes the audio context; call from a user gesture. */
  unlock(): void {
    const Ctx = ChickenAudio.ctor();
    if (!Ctx) return;
    if (!this.ctx) {
      try {
        this.ctx = new Ctx();
      } catch {
        return;
      }
      this.master = this.ctx.createGain();
      this.master.gain.value = this.muted ? 0 : 1;
      this.master.connect(this.ctx.destination);
      this.music = this.ctx.createGain();
      this.music.gain.value = 0.07;
      this.music.connect(this.master);
      this.sfx = this.ctx.createGain();
      this.sfx.gain.value = 0.35;
      this.sfx.connect(this.master);
      const len = Math.floor(this.ctx.sampleRate * 0.6);
      this.noise = this.ctx.createBuffer(1, len, this.ctx.sampleRate);
      const ch = this.noise.getChannelData(0);
      for (let i = 0; i < len; i++) ch[i] = Math.random() * 2 - 1;
    }
    if (this.ctx.state === 'suspended') void this.ctx.resume();
    if (!this.muted) this.startMusic();
  }

  get unlocked(): boolean {
    return this.ctx !== null;
  }

  setMuted(muted: boolean): void {
    this.muted = muted;
    if (!this.ctx || !this.master) return;
    this.master.gain.setTargetAtTime(muted ? 0 : 1, this.ctx.currentTime, 0.05);
    if (muted) this.stopMusic();
    else this.startMusic();
  }

  play(kind: Sfx): void {
    const ctx = this.ctx;
    if (!ctx || !this.sfx || this.muted) return;
    const t = ctx.currentTime + 0.01;
    switch (kind) {
      case 'hop':
        this.tone('square', [520, 900], t, 0.09, 0.5);
        this.tone('triangle', [900, 700], t + 0.08, 0.07, 0.3);
        break;
      case 'start':
        this.tone('square', [392], t, 0.08, 0.4);
        this.tone('square', [523], t + 0.09, 0.08, 0.4);
        this.tone('square', [784], t + 0.18, 0.14, 0.4);
        break;
      case 'click':
        this.tone('triangle', [1200, 800], t, 0.04, 0.3);
        break;
      case 'fire':
        this.noiseBurst(t, 0.7, 2400, 260, 0.9);
        this.tone('sine', [140, 40], t, 0.45, 0.9);
        break;
      case 'lose':
        [392, 370, 349].forEach((f, i) => this.tone('sawtooth', [f, f * 0.97], t + 0.35 + i * 0.28, 0.24, 0.25));
        this.tone('sawtooth', [330, 196], t + 1.2, 0.6, 0.25);
        break;
      case 'cashout':
        this.tone('square', [988], t, 0.08, 0.35);
        this.tone('square', [1319], t + 0.08, 0.35, 0.35);
        break;
      case 'win':
        [523, 659, 784, 1047].forEach((f, i) => this.tone('triangle', [f], t + i * 0.09, 0.16, 0.5));
        [1319, 1568, 2093].forEach((f, i) => this.tone('sine', [f], t + 0.4 + i * 0.06, 0.2, 0.2));
        break;
    }
  }

  private tone(type: OscillatorType, freqs: number[], start: number, dur: number, peak: number, out = this.sfx): void {
    const ctx = this.ctx;
    if (!ctx || !out) return;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(freqs[0], start);
    if (freqs.length > 1) osc.frequency.exponentialRampToValueAtTime(freqs[freqs.length - 1], start + dur);
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(peak, start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + dur);
    osc.connect(gain).connect(out);
    osc.start(start);
    osc.stop(start + dur + 0.02);
  }

  private noiseBurst(start: number, dur: number, fromHz: number, toHz: number, peak: number, out = this.sfx): void {
    const ctx = this.ctx;
    if (!ctx || !out || !this.noise) return;
    const src = ctx.createBufferSource();
    src.buffer = this.noise;
    const filter = ctx.createBiquadFilter();
    filter.type = 'lowpass';
    filter.frequency.setValueAtTime(fromHz, start);
    filter.frequency.exponentialRampToValueAtTime(toHz, start + dur);
    const gain = ctx.createGain();
    gain.gain.setValueAtTime(peak, start);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + dur);
    src.connect(filter).connect(gain).connect(out);
    src.start(start);
    src.stop(start + dur);
  }

  private startMusic(): void {
    if (!this.ctx || this.timer) return;
    this.nextTime = this.ctx.currentTime + 0.1;
    this.timer = setInterval(() => this.schedule(), 60);
  }

  private stopMusic(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Queues the notes that fall within the look-ahead window, so timing stays exact. */
  private schedule(): void {
    const ctx = this.ctx;
    if (!ctx) return;
    // A background tab throttles timers; skip the missed notes rather than play them all at once.
    if (this.nextTime < ctx.currentTime - 0.1) this.nextTime = ctx.currentTime + 0.05;
    while (this.nextTime < ctx.currentTime + LOOKAHEAD) {
      const s = this.step % LEAD.length;
      const note = LEAD[s];
      if (note !== null) this.tone('triangle', [midi(note)], this.nextTime, EIGHTH * 0.9, 0.6, this.music);
      if (s % 4 === 0 || s % 4 === 3) {
        const root = BASS[Math.floor(s / 8)];
        this.tone('square', [midi(s % 4 === 0 ? root : root + 12)], this.nextTime, EIGHTH * 0.8, 0.35, this.music);
      }
      if (s % 2 === 1) this.noiseBurst(this.nextTime, 0.05, 9000, 6000, 0.25, this.music);
      this.nextTime += EIGHTH;
      this.step += 1;
    }
  }

  dispose(): void {
    this.stopMusic();
    if (this.ctx) void this.ctx.close().catch(() => undefined);
    this.ctx = null;
  }
}
