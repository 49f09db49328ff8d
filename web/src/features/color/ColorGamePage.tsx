import { useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { BETS_CLOSE_SECONDS, type Selection } from '../../../../contracts/color.math';
import { Page } from '../../components/ui/Page';
import { Empty, ErrorRetry, Loading } from '../../components/ui/States';
import { errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { useExclusion } from '../../lib/useExclusion';
import { useGameHidden } from '../../lib/useVisibleGames';
import { colorStateQuery, historyQuery, useColorState, useRefreshOnResult } from './color.api';
import { BetSheet } from './components/BetSheet';
import { Board } from './components/Board';
import { CurrentPeriod } from './components/CurrentPeriod';
import { PeriodBets } from './components/PeriodBets';
import { Results } from './components/Results';
import { Rules } from './components/Rules';
import { Waiting } from './components/Waiting';
import { useRounds } from './useRounds';
import './color.css';

/**
 * When the app opens on this screen, its period and first page of results are asked for as soon
 * as its code arrives, beside the rest of the app's start, not once React has rendered it.
 */
export function prefetch(client: QueryClient): void {
  void client.prefetchQuery(colorStateQuery());
  void client.prefetchQuery(historyQuery(1));
}

/** The colour game (/color): the period and its countdown, the bets, history, trend and the player's own bets. */
export default function ColorGamePage() {
  const state = useColorState();
  const rounds = useRounds(useRefreshOnResult());
  const [choice, setChoice] = useState<Selection | null>(null);
  const hidden = useGameHidden('color');
  // A time-out or self-exclusion closes the board and the sheet before they are used: the server would refuse the bet.
  const exclusion = useExclusion();

  if (hidden) {
    return (
      <Page title={t('Colour Prediction')} narrow>
        <Empty>
          {t('Colour Prediction is not open right now. Please check back soon.')} <Link to="/">{t('Back to home')}</Link>
        </Empty>
      </Page>
    );
  }
  if (state.isPending) return <Loading />;
  if (state.isError) {
    return (
      <Page title={t('Colour Prediction')} narrow>
        <ErrorRetry onRetry={() => void state.refetch()} busy={state.isFetching}>
          {errorMessage(state.error, t('Could not load Colour Prediction.'))}
        </ErrorRetry>
      </Page>
    );
  }
  const current = state.data.current;
  // No period runs while the chain waits for its salt; the socket's next round (its first) ends the wait.
  const socketRoundIsNew = rounds.round !== null && rounds.round.period > (state.data.last?.period ?? '');
  if (!current && !socketRoundIsNew) return <Waiting commitment={state.data.commitment} />;
  const period = rounds.round?.period ?? current!.period;
  const timeLeft = rounds.timeLeft ?? Math.max(0, Math.ceil((Date.parse(current!.endTime) - state.dataUpdatedAt) / 1000));
  const closed = timeLeft <= BETS_CLOSE_SECONDS;
  const last = rounds.lastResult ?? state.data.last;
  // Only a chain's first period can lie ahead (bets are taken for it from the start): its time
  // left runs to its end, past one period's length.
  const times = rounds.round ?? current!;
  const startsIn = timeLeft - Math.round((Date.parse(times.endTime) - Date.parse(times.startTime)) / 1000);

  return (
    <Page title={t('Colour Prediction')} narrow>
      <CurrentPeriod period={period} connected={rounds.connected} timeLeft={timeLeft} startsIn={startsIn} closed={closed} last={last} />
      <PeriodBets period={period} lastPeriod={last?.period ?? null} />
      <Board closed={closed} timeLeft={closed ? timeLeft : null} exclusion={exclusion} onPick={setChoice} />
      <Results />
      <Rules commitment={state.data.commitment} />
      {choice && <BetSheet selection={choice} period={period} closed={closed} exclusion={exclusion} onClose={() => setChoice(null)} />}
    </Page>
  );
}
