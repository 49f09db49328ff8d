import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { multiplierLadder, payoutOf } from '../../../../contracts/chicken.math';
import { ApiError, errorMessage } from '../../lib/api';
import { notify } from '../../lib/toast';
import { balanceKey, useBalance, useSession } from '../../lib/useSession';
import { formatRupees, toPaise, toRupees } from '../../../../contracts/amounts';
import { useSiteSettings } from '../../lib/useSiteSettings';
import type { Sfx } from './audio/chickenAudio';
import type { DemoState } from '../../../../contracts/chicken';
import { chickenApi, chickenKeys, demoApi, useDemoState, type Difficulty, type RoundView, type SteppedRound } from './chicken.api';
import { checkStart, DIFFICULTY_LOCKED } from './chicken.rules';
import { gameReducer, initialGame, type GameState } from './chicken.state';
import { paidResult } from '../../lib/betResult';
import { t } from '../../lib/i18n';

export const START_DELAY_MS = 200;
export const RESULT_DELAY_MS = 1000;
export const DEFAULT_BET = '10';
export const DEFAULT_AUTO_CASHOUT = '2';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Options {
  play: (s: Sfx) => void;
  announce: (text: string) => void;
  /** Play money on the demo's own balance, for anyone, signed in or not. */
  demo?: boolean;
}

/** The calls a round makes: the real game's, or the demo's on play money. */
function backendOf(demo: boolean, userId: string | undefined) {
  if (demo) {
    return {
      ready: true,
      start: (body: { betAmount: number; difficulty: Difficulty; autoCashout: number | null }) => demoApi.start(body),
      go: () => demoApi.go(),
      stop: () => demoApi.stop(),
      active: async () => (await demoApi.state()).round,
    };
  }
  return {
    ready: Boolean(userId),
    start: (body: { betAmount: number; difficulty: Difficulty; autoCashout: number | null }) => chickenApi.start({ ...body, userId: userId! }),
    go: (roundId: string) => chickenApi.go(roundId),
    stop: (roundId: string) => chickenApi.stop(roundId),
    active: () => chickenApi.active(),
  };
}

/**
 * The round as the player sees it: idle → playing → gameOver | won → idle. The server decides
 * every step; this keeps the screen in step with its answers and adds the original app's timings.
 */
export function useChickenGame({ play, announce, demo = false }: Options) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const { data: settings } = useSiteSettings();
  const userId = user?._id;
  const wallet = useBalance();
  const demoState = useDemoState(demo);
  const balance = demo ? demoState.data?.balance : wallet.data;
  const backend = useMemo(() => backendOf(demo, userId), [demo, userId]);

  const [game, dispatch] = useReducer(gameReducer, initialGame);
  const [bet, setBet] = useState(DEFAULT_BET);
  const [autoCashout, setAutoCashout] = useState(DEFAULT_AUTO_CASHOUT);
  const [difficulty, setDifficulty] = useState<Difficulty>('Easy');
  const [pending, setPending] = useState<null | 'start' | 'go' | 'stop'>(null);
  // A second key press can arrive before React re-renders with `pending`; this lock cannot.
  const busy = useRef(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  const later = useCallback((ms: number, fn: () => void) => {
    timers.current.push(setTimeout(fn, ms));
  }, []);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const setBalance = useCallback(
    (rupees: number | undefined) => {
      if (demo) {
        if (typeof rupees === 'number') queryClient.setQueryData<DemoState>(chickenKeys.demo, (old) => ({ round: null, ...old, balance: rupees }));
        return;
      }
      if (typeof rupees === 'number') queryClient.setQueryData(balanceKey(userId), rupees);
      void queryClient.invalidateQueries({ queryKey: balanceKey(userId) });
    },
    [demo, queryClient, userId],
  );

  const resume = useCallback((round: RoundView) => {
    setDifficulty(round.difficulty);
    setBet(String(round.betAmount));
    setAutoCashout(round.autoCashout === null ? '' : String(round.autoCashout));
    dispatch({ type: 'begin', round });
  }, []);

  // A reload mid-round picks the open round up where it was left.
  useEffect(() => {
    if (!backend.ready) return;
    let live = true;
    backend
      .active()
      .then((round) => {
        if (live && round && round.state === 'playing') {
          resume(round);
          announce(round.lane < 0 ? t('Round resumed.') : t('Round resumed on lane {{lane}}.', { lane: round.lane + 1 }));
        }
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [backend, resume, announce]);

  const finish = useCallback(
    (round: SteppedRound) => {
      if (round.state === 'lost') {
        dispatch({ type: 'lost', round });
        later(250, () => play('fire'));
        later(400, () => play('lose'));
        announce(t('Trap on lane {{lane}}. Game over: you lost {{amount}}.', { lane: round.lane + 1, amount: formatRupees(round.betAmount) }));
      } else {
        dispatch({ type: 'won', round });
        play('cashout');
        later(300, () => play('win'));
        announce(
          t('Cashed out at {{multiplier}}x: {{result}}.', {
            multiplier: round.multiplier.toFixed(2),
            result: paidResult(round.betAmount, round.payout ?? 0).text,
          }),
        );
      }
      setBalance(round.balance);
      if (!demo) void queryClient.invalidateQueries({ queryKey: chickenKeys.allBets });
      later(RESULT_DELAY_MS, () => dispatch({ type: 'showResult' }));
    },
    [announce, demo, later, play, queryClient, setBalance],
  );

  const start = useCallback(async () => {
    if (busy.current || game.phase !== 'idle' || !backend.ready) return;
    const checked = checkStart(bet, autoCashout, balance, settings?.chicken);
    if (!checked.ok) {
      notify.error(checked.message);
      return;
    }
    busy.current = true;
    setPending('start');
    try {
      const round = await backend.start({ betAmount: checked.betAmount, difficulty, autoCashout: checked.autoCashout });
      play('start');
      await sleep(START_DELAY_MS);
      // A refused try's red toast does not stay beside the round that then started.
      notify.dismissErrors();
      dispatch({ type: 'begin', round });
      setBalance(round.balance);
      if (!demo) void queryClient.invalidateQueries({ queryKey: chickenKeys.fairness });
      announce(
        t('Round started: {{amount}} on {{difficulty}}. Press Space to go.', { amount: formatRupees(round.betAmount), difficulty: t(round.difficulty) }),
      );
    } catch (err) {
      const open = err instanceof ApiError && err.code === 'ROUND_OPEN' ? (err.body as { data?: RoundView } | undefined)?.data : undefined;
      if (open) {
        resume(open);
        notify.info(t('Your unfinished round is back: carry on or cash out.'));
      } else {
        notify.error(errorMessage(err, t('Could not start the game. Please try again.')));
      }
    } finally {
      busy.current = false;
      setPending(null);
    }
  }, [announce, autoCashout, backend, balance, bet, demo, difficulty, game.phase, play, queryClient, resume, setBalance, settings]);

  /** After a failed step or cash-out: show the round's end if it ended, else re-read the open round. */
  const resync = useCallback(
    async (err: unknown) => {
      const ended = err instanceof ApiError && err.code === 'ROUND_ENDED' ? (err.body as { data?: RoundView } | undefined)?.data : undefined;
      if (ended && ended.state !== 'playing') {
        finish(ended);
        return;
      }
      const round = await backend.active().catch(() => undefined);
      if (round === null) dispatch({ type: 'reset' });
      else if (round && round.state === 'playing') resume(round);
    },
    [backend, finish, resume],
  );

  const go = useCallback(async () => {
    if (busy.current || game.phase !== 'playing' || !game.round) return;
    busy.current = true;
    setPending('go');
    try {
      const round = await backend.go(game.round.roundId);
      notify.dismissErrors();
      play('hop');
      if (round.state === 'playing') {
        dispatch({ type: 'step', round });
        announce(t('Lane {{lane}} crossed: {{multiplier}}x.', { lane: round.lane + 1, multiplier: round.multiplier.toFixed(2) }));
      } else {
        finish(round);
      }
    } catch (err) {
      notify.error(errorMessage(err, t('Could not move. Please try again.')));
      await resync(err);
    } finally {
      busy.current = false;
      setPending(null);
    }
  }, [announce, backend, finish, game.phase, game.round, play, resync]);

  const cashOut = useCallback(async () => {
    if (busy.current || game.phase !== 'playing' || !game.round || game.lane < 0) return;
    busy.current = true;
    setPending('stop');
    try {
      const round = await backend.stop(game.round.roundId);
      notify.dismissErrors();
      finish(round);
    } catch (err) {
      notify.error(errorMessage(err, t('Could not cash out. Please try again.')));
      await resync(err);
    } finally {
      busy.current = false;
      setPending(null);
    }
  }, [backend, finish, game.lane, game.phase, game.round, resync]);

  const resetDemo = useCallback(async () => {
    try {
      queryClient.setQueryData(chickenKeys.demo, await demoApi.reset());
      timers.current.forEach(clearTimeout);
      dispatch({ type: 'reset' });
      notify.success(t('Play money reset.'));
    } catch (err) {
      notify.error(errorMessage(err, t('Could not reset. Please try again.')));
    }
  }, [queryClient]);

  const reset = useCallback(() => {
    timers.current.forEach(clearTimeout);
    timers.current = [];
    dispatch({ type: 'reset' });
  }, []);

  const chooseDifficulty = useCallback(
    (d: Difficulty) => {
      if (game.phase !== 'idle') {
        notify.error(t(DIFFICULTY_LOCKED));
        return;
      }
      play('click');
      setDifficulty(d);
    },
    [game.phase, play],
  );

  // The ladder the server will use; until its settings arrive, the shared math at its default rate.
  const preview = useMemo(() => settings?.chicken.ladders[difficulty] ?? multiplierLadder(difficulty), [difficulty, settings]);
  const ladder = game.round?.multipliers ?? preview;
  const stake = game.round?.betAmount ?? (Number(bet) || 0);
  const current = currentMultiplier(game);

  return {
    ...game,
    ladder,
    /** The server's bet limits, once known. */
    betLimits: settings?.chicken,
    balance,
    bet,
    setBet,
    autoCashout,
    setAutoCashout,
    difficulty,
    chooseDifficulty,
    pending,
    stake,
    currentMultiplier: current,
    potentialWin: toRupees(payoutOf(toPaise(stake), Math.round(current * 100), settings ? toPaise(settings.chicken.maxWin) : Number.MAX_SAFE_INTEGER)),
    nextMultiplier: game.phase === 'idle' ? ladder[0] : ladder[game.lane + 1],
    start,
    go,
    cashOut,
    reset,
    demo,
    /** Demo only: back to the starting play money. */
    resetDemo,
  };
}

/** 1.00x before the first step, the last safe lane's multiplier after it, 0 after a trap. */
export function currentMultiplier(game: GameState): number {
  if (game.phase === 'gameOver') return 0;
  if (game.phase === 'won') return game.multiplier;
  if (!game.round || game.lane < 0) return 1;
  return game.multiplier || game.round.multipliers[game.lane] || 1;
}
