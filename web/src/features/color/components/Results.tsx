import { memo, useState } from 'react';
import { Tabs } from '../../../components/ui/Tabs';
import { t } from '../../../lib/i18n';
import { ColorBets } from '../ColorBets';
import { History } from './History';
import { Trend } from './Trend';

/** History, trend and the player's own bets, in tabs. */
export const Results = memo(function Results() {
  const [tab, setTab] = useState<'history' | 'trend' | 'mine'>('history');
  return (
    <Tabs
      tabs={[
        { id: 'history', label: t('History') },
        { id: 'trend', label: t('Trend') },
        { id: 'mine', label: t('My bets') },
      ]}
      active={tab}
      onChange={setTab}
      label={t('Results')}
    >
      {tab === 'history' ? <History /> : tab === 'trend' ? <Trend /> : <ColorBets />}
    </Tabs>
  );
});
