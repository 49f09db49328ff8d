import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import type { gameHistoryEntrySchema } from '../../../../contracts/chicken';
import { Button } from '../../components/ui/Button';
import { Page } from '../../components/ui/Page';
import { Pager } from '../../components/ui/Pager';
import { Empty, ErrorText, Loading } from '../../components/ui/States';
import { formatDateTime } from '../../lib/format';
import { formatRupees, toPaise, toRupees } from '../../../../contracts/amounts';
import { useGameHistory } from './backoffice.api';

type Entry = z.infer<typeof gameHistoryEntrySchema>;
/** The original app's default game type; a game the site does not have, so the server answers every bet. */
export const DEFAULT_GAME_TYPE = 'aviator';
const PAGE_SIZE = 10;

function Change({ entry }: { entry: Entry }) {
  const net = toRupees(toPaise(entry.payoutAmount) - toPaise(entry.betAmount));
  const tone = net > 0 ? 'game-history__win' : net < 0 ? 'game-history__loss' : '';
  return <span className={tone}>{`${net > 0 ? '+' : net < 0 ? '−' : ''}${formatRupees(Math.abs(net))}`}</span>;
}

/** Game History, the one back-office screen of a regular user (admin spec §3): their ended bets. */
export default function GameHistoryPage({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const history = useGameHistory(userId, DEFAULT_GAME_TYPE);
  const entries = history.data ?? [];
  const totalPages = Math.max(1, Math.ceil(entries.length / PAGE_SIZE));
  const shown = entries.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  let body;
  if (history.isPending) body = <Loading />;
  else if (history.isError) body = <ErrorText>Failed to fetch data</ErrorText>;
  else if (!entries.length) body = <Empty>No games played yet.</Empty>;
  else
    body = (
      <>
        <div className="card game-history__card">
          <table className="game-history__table">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col" className="num">
                  Balance
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((e) => (
                <tr key={e._id}>
                  <td>
                    <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
                    <span className="game-history__bet">Bet {formatRupees(e.betAmount)}</span>
                  </td>
                  <td className="num">
                    <Change entry={e} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pager page={page} totalPages={totalPages} onChange={setPage} />
      </>
    );

  return (
    <Page
      title="Game History"
      narrow
      actions={
        <Button variant="secondary" onClick={() => navigate('/refer-earn')}>
          Refer and Earn
        </Button>
      }
    >
      {body}
    </Page>
  );
}
