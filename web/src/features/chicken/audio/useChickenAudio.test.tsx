import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MUTE_KEY, useChickenAudio } from './useChickenAudio';

/** Just enough of the Web Audio API to see what the game asks of it. */
class FakeAudioContext {
  static made = 0;
  static last: FakeAudioContext | null = null;
  state = 'running';
  currentTime = 0;
  sampleRate = 8000;
  destination = {};
  oscillators = 0;
  masterGain: { value: number; setTargetAtTime: ReturnType<typeof vi.fn> } | null = null;
  constructor() {
    FakeAudioContext.made += 1;
    FakeAudioContext.last = this;
  }
  private param(value = 0) {
    return { value, setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn(), setTargetAtTime: vi.fn() };
  }
  private node<T extends object>(extra: T) {
    const node: T & { connect: () => unknown } = { ...extra, connect: () => node };
    return node;
  }
  createGain() {
    const gain = this.node({ gain: this.param(1) });
    this.masterGain ??= gain.gain;
    return gain;
  }
  createOscillator() {
    this.oscillators += 1;
    return this.node({ type: 'sine', frequency: this.param(), start: vi.fn(), stop: vi.fn() });
  }
  createBiquadFilter() {
    return this.node({ type: 'lowpass', frequency: this.param() });
  }
  createBufferSource() {
    return this.node({ buffer: null, start: vi.fn(), stop: vi.fn() });
  }
  createBuffer(_channels: number, length: number) {
    return { getChannelData: () => new Float32Array(length) };
  }
  resume = vi.fn(async () => undefined);
  close = vi.fn(async () => undefined);
}

function Harness() {
  const { muted, toggleMute, play } = useChickenAudio();
  return (
    <>
      <button type="button" onClick={toggleMute}>
        {muted ? 'Unmute' : 'Mute'}
      </button>
      <button type="button" onClick={() => play('hop')}>
        Hop
      </button>
    </>
  );
}

describe('useChickenAudio', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeAudioContext.made = 0;
    FakeAudioContext.last = null;
  });

  const stubAudio = () => vi.stubGlobal('AudioContext', FakeAudioContext);

  it('makes no sound before the first tap, then plays effects', () => {
    stubAudio();
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Hop' }));
    expect(FakeAudioContext.made).toBe(0);
    fireEvent.pointerDown(document.body);
    expect(FakeAudioContext.made).toBe(1);
    const before = FakeAudioContext.last!.oscillators;
    fireEvent.click(screen.getByRole('button', { name: 'Hop' }));
    expect(FakeAudioContext.last!.oscillators).toBeGreaterThan(before);
  });

  it('remembers the mute choice and stays silent while muted', () => {
    stubAudio();
    const first = render(<Harness />);
    fireEvent.pointerDown(document.body);
    fireEvent.click(screen.getByRole('button', { name: 'Mute' }));
    expect(localStorage.getItem(MUTE_KEY)).toBe('1');
    expect(FakeAudioContext.last!.masterGain!.setTargetAtTime).toHaveBeenLastCalledWith(0, expect.any(Number), expect.any(Number));
    const before = FakeAudioContext.last!.oscillators;
    fireEvent.click(screen.getByRole('button', { name: 'Hop' }));
    expect(FakeAudioContext.last!.oscillators).toBe(before);
    first.unmount();

    render(<Harness />);
    expect(screen.getByRole('button', { name: 'Unmute' })).toBeInTheDocument();
    fireEvent.keyDown(document.body, { key: 'a' });
    expect(FakeAudioContext.last!.masterGain!.value).toBe(0);
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Unmute' }));
    });
    expect(localStorage.getItem(MUTE_KEY)).toBe('0');
  });

  it('does nothing where the browser has no Web Audio', () => {
    render(<Harness />);
    fireEvent.pointerDown(document.body);
    fireEvent.click(screen.getByRole('button', { name: 'Hop' }));
    expect(screen.getByRole('button', { name: 'Mute' })).toBeInTheDocument();
  });
});
