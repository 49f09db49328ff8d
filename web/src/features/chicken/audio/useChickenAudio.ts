import { useCallback, useEffect, useRef, useState } from 'react';
import { ChickenAudio, type Sfx } from './chickenAudio';

export const MUTE_KEY = 'chickenRoadMuted';

const readMuted = () => {
  try {
    return localStorage.getItem(MUTE_KEY) === '1';
  } catch {
    return false;
  }
};

/**
 * The game's sound: background music and effects, started by the first tap or key press on the
 * page, with the mute choice remembered across visits.
 */
export function useChickenAudio() {
  const [muted, setMuted] = useState(readMuted);
  const engine = useRef<ChickenAudio | null>(null);

  useEffect(() => {
    const audio = new ChickenAudio(readMuted());
    engine.current = audio;
    const unlock = () => audio.unlock();
    window.addEventListener('pointerdown', unlock);
    window.addEventListener('keydown', unlock);
    return () => {
      window.removeEventListener('pointerdown', unlock);
      window.removeEventListener('keydown', unlock);
      audio.dispose();
      engine.current = null;
    };
  }, []);

  const play = useCallback((kind: Sfx) => engine.current?.play(kind), []);

  const toggleMute = useCallback(() => {
    const next = !muted;
    setMuted(next);
    try {
      localStorage.setItem(MUTE_KEY, next ? '1' : '0');
    } catch {
      // Private mode without storage: the choice lasts for this visit only.
    }
    engine.current?.setMuted(next);
  }, [muted]);

  return { muted, toggleMute, play };
}
