import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/Button';
import { Page } from '../../components/ui/Page';
import { Pager } from '../../components/ui/Pager';
import { SegmentedControl } from '../../components/ui/SegmentedControl';
import { Empty, ErrorText, Loading } from '../../components/ui/States';
import { errorMessage } from '../../lib/api';
import { betResult } from '../../lib/betResult';
import { roundCheckHref } from '../../lib/fairness/links';
import { formatDateTime } from '../../lib/format';
import { formatRupees } from '../../../../contracts/amounts';
import { useBets, type BetRecord } from './chicken.api';
import './chicken.css';
import { t } from '../../lib/i18n';
import { Tr } from '../../lib/Tr';

function Result({ bet }: { bet: BetRecord }) {
  const { tone, text, paid } = betResult(bet);
  return (
    <>
      <span className={`chicken-bets__${tone}`}>{text}</span>
      {paid && <span className="chicken-bets__paid">{paid}</span>}
    </>
  );
}

/** Another list of the player's bets, from another feature (spins, colour bets). */
export interface MoreBets {
  key: string;
  label: string;
  list: ReactNode;
}

/**
 * All Bets (/bets): the player's Chicken Road rounds, newest first, each verifiable once ended;
 * given other features' lists, a switch shows one of them instead.
 */
export default function BetsPage({ more = [] }: { more?: MoreBets[] }) {
  const [tab, setTab] = useState('rounds');
  const tabs = [{ value: 'rounds', label: t('Chicken Road') }, ...more.map((m) => ({ value: m.key, label: m.label }))];
  const other = more.find((m) => m.key === tab);
  const navigate = useNavigate();
  return (
    <Page
      title={t('All Bets')}
      actions={
        <Button variant="secondary" onClick={() => navigate('/refer-earn')}>
          {t('Refer and Earn')}
        </Button>
      }
    >
      {more.length > 0 && (
        <SegmentedControl label={t('Which bets')} options={tabs} value={tab} onChange={(v) => v && setTab(v)} className="chicken-bets__tabs" />
      )}
      {other ? other.list : <Rounds />}
    </Page>
  );
}

function Rounds() {
  const [page, setPage] = useState(1);
  const query = useBets(page);
  const bets = query.data?.bets ?? [];
  const totalPages = Math.max(1, query.data?.totalPages ?? 1);
  const hidden = bets.some((b) => b.state !== 'playing' && !b.serverSeed);

  return (
    <div className="chicken-bets">
      {query.isLoading ? (
        <Loading />
      ) : query.error ? (
        <ErrorText>{errorMessage(query.error, t('Failed to load your bets.'))}</ErrorText>
      ) : bets.length === 0 ? (
        <Empty>
          {t('No bets found.')} <Link to="/chicken-road">{t('Play Chicken Road')}</Link>
        </Empty>
      ) : (
        <div className="card chicken-bets__card">
          <table className="chicken-bets__table">
            <thead>
              <tr>
                <th scope="col">{t('Date')}</th>
                <th scope="col" className="chicken-bets__diff">
                  {t('Difficulty')}
                </th>
                <th scope="col" className="num chicken-bets__bet">
                  {t('Bet')}
                </th>
                <th scope="col" className="num chicken-bets__mult">
                  {t('Multiplier')}
                </th>
                <th scope="col" className="num">
                  {t('Result')}
                </th>
              </tr>
            </thead>
            <tbody>
              {bets.map((bet) => (
                <tr key={bet._id}>
                  <td>
                    <time className="chicken-bets__date" dateTime={bet.createdAt}>
                      {formatDateTime(bet.createdAt)}
                    </time>
                    <span className="chicken-bets__time">
                      <span className="chicken-bets__diff-inline">{t(bet.difficulty)}</span>
                    </span>
                    <span className="chicken-bets__bet-inline">
                      {t('Bet {{amount}}', { amount: formatRupees(bet.betAmount) })} · {bet.multiplier.toFixed(2)}x
                    </span>
                    {bet.state !== 'playing' &&
                      (bet.serverSeed ? (
                        <Link
                          className="chicken-bets__verify"
                          to={roundCheckHref(bet)}
                          aria-label={t('Verify the bet of {{date}}', { date: formatDateTime(bet.createdAt) })}
                        >
                          {t('Verify')}
                        </Link>
                      ) : (
                        <span className="chicken-bets__hidden">{t('Seed hidden*')}</span>
                      ))}
                  </td>
                  <td className="chicken-bets__diff">{t(bet.difficulty)}</td>
                  <td className="num chicken-bets__bet">
                    {formatRupees(bet.betAmount)}
                    <span className="chicken-bets__mult-inline">{bet.multiplier.toFixed(2)}x</span>
                  </td>
                  <td className="num chicken-bets__mult">{bet.multiplier.toFixed(2)}x</td>
                  <td className="num">
                    <Result bet={bet} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {hidden && (
        <p className="chicken-bets__note">
          <Tr
            text="* A round's server seed stays secret while its seed pair is in use, so nobody can work out the traps ahead. Rotating the seed pair on the <fair>Provably fair</fair> page reveals it, and the round can then be verified."
            parts={{ fair: <Link to="/fairness" /> }}
          />
        </p>
      )}
      <Pager page={Math.min(page, totalPages)} totalPages={totalPages} onChange={setPage} busy={query.isFetching} />
    </div>
  );
}
