import { useState } from 'react';
import { Link } from 'react-router';
import type { SpinRecord } from '../../../../contracts/spinner';
import { Pager } from '../../components/ui/Pager';
import { Empty, ErrorRetry, Loading } from '../../components/ui/States';
import { checkSpin } from '../../lib/fairness/seeds';
import { spinCheckHref } from '../../lib/fairness/links';
import { formatDateTime } from '../../lib/format';
import { prizeLabel } from '../../lib/prize';
import { prizePaid } from './prize';
import { useSpins } from './spinner.api';
import './spinner.css';
import { t } from '../../lib/i18n';
import { Tr } from '../../lib/Tr';

/** Recomputes a spin in this browser from its revealed seed: the hash must match and the draw must land where the wheel stopped. */
function Verify({ spin }: { spin: SpinRecord }) {
  const [outcome, setOutcome] = useState<string | null>(null);
  if (!spin.serverSeed) {
    return (
      <span className="wheel-history__note">
        <Tr text="Seed still secret: <fair>rotate your seed pair</fair> to reveal it." parts={{ fair: <Link to="/fairness" /> }} />
      </span>
    );
  }
  const serverSeed = spin.serverSeed;
  const check = async () => {
    const { segment, hashMatches, segmentMatches } = await checkSpin(
      { serverSeed, clientSeed: spin.clientSeed, nonce: spin.nonce, segments: spin.prizes.length },
      { serverSeedHash: spin.serverSeedHash, segment: spin.index },
    );
    setOutcome(
      hashMatches && segmentMatches
        ? t('Verified: segment {{n}} of {{total}}, {{prize}}', { n: segment + 1, total: spin.prizes.length, prize: prizeLabel(spin.prizes[segment]) })
        : t('Does not match: please contact support'),
    );
  };
  return (
    <span className="wheel-history__actions">
      {outcome ? (
        <span className="wheel-history__note" role="status">
          {outcome}
        </span>
      ) : (
        <button type="button" className="btn btn--ghost wheel-history__verify" onClick={() => void check()}>
          {t('Verify')}
        </button>
      )}
      <Link to={spinCheckHref({ ...spin, serverSeed })} className="wheel-history__link">
        {t('Open in Provably fair')}
      </Link>
    </span>
  );
}

/** The player's spins, each with its seeds and a check anyone can run. */
export function SpinHistory() {
  const [page, setPage] = useState(1);
  const spins = useSpins(page);
  let body;
  if (spins.isPending) body = <Loading />;
  else if (spins.isError) body = <ErrorRetry onRetry={() => void spins.refetch()}>{t('Your spins could not be loaded.')}</ErrorRetry>;
  else if (!spins.data.spins.length) body = <Empty>{t('No spins yet.')}</Empty>;
  else
    body = (
      <>
        <ul className="wheel-history__list">
          {spins.data.spins.map((s) => (
            <li key={s._id} className="wheel-history__item">
              <div className="wheel-history__row">
                <time dateTime={s.createdAt}>{formatDateTime(s.createdAt)}</time>
                <strong>{prizePaid(s.prize) ?? t('No prize')}</strong>
              </div>
              <div className="wheel-history__seeds">
                <Tr
                  text="Seed hash <code>{{hash}}…</code> · client seed <seed>{{seed}}</seed> · nonce {{nonce}}"
                  values={{ hash: s.serverSeedHash.slice(0, 12), seed: s.clientSeed, nonce: s.nonce }}
                  parts={{ code: <code />, seed: <code /> }}
                />
              </div>
              <Verify spin={s} />
            </li>
          ))}
        </ul>
        <Pager page={page} totalPages={spins.data.totalPages} onChange={setPage} />
      </>
    );
  return (
    <section className="wheel-history" aria-labelledby="spin-history-title">
      <h2 id="spin-history-title" className="wheel-history__title">
        {t('Your spins')}
      </h2>
      {body}
    </section>
  );
}
