import { useSearchParams } from 'react-router';
import { Page } from '../../components/ui/Page';
import { FairnessPanel } from './components/FairnessPanel';
import { VerifyView } from './components/VerifyView';
import { readSeedCheck } from '../../lib/fairness/links';
import './chicken.css';
import { t } from '../../lib/i18n';
import { Tr } from '../../lib/Tr';

/** /fairness: the seed pair, the verification of any round, and how the draw works. */
export default function FairnessPage() {
  const [params] = useSearchParams();
  const prefill = readSeedCheck(params);
  const fromBet = params.has('clientSeed');
  const key = params.toString();

  const verify = (
    <section className="card" id="verify" aria-labelledby="verify-title">
      <h2 id="verify-title">{prefill.game === 'spin' ? t('Verify a spin') : t('Verify a round')}</h2>
      {fromBet && !prefill.serverSeed && (
        <p className="chicken-fair__note" style={{ marginBottom: 12 }}>
          {prefill.game === 'spin'
            ? t("This spin's server seed is still secret. Rotate your seed pair below to reveal it, then open it again from All Bets.")
            : t("This round's server seed is still secret. Rotate your seed pair below to reveal it, then open it again from All Bets.")}
        </p>
      )}
      <VerifyView key={key} prefill={prefill} />
    </section>
  );
  const seeds = (
    <section className="card" aria-labelledby="seeds-title">
      <h2 id="seeds-title">{t('Your seed pair')}</h2>
      <FairnessPanel />
    </section>
  );
  return (
    <Page title={t('Provably fair')} narrow>
      <div className="chicken-fairpage">
        {fromBet ? verify : seeds}
        {fromBet ? seeds : verify}
        <section className="card" aria-labelledby="how-title">
          <h2 id="how-title">{t('How it works')}</h2>
          <ol className="chicken-howto">
            <li>{t('Before you bet you see the SHA-256 hash of the server seed; the seed itself stays secret.')}</li>
            <li>
              <Tr
                text="For each bet, <code>{{formula}}</code> gives random bytes; every four bytes make a number between 0 and 1."
                values={{ formula: 'HMAC_SHA256(serverSeed, "clientSeed:nonce:round")' }}
                parts={{ code: <code /> }}
              />
            </li>
            <li>
              <Tr
                text="The traps are drawn from the 25 cells one after another: cell <code>{{formula}}</code> of those still free."
                values={{ formula: 'floor(number × cells left)' }}
                parts={{ code: <code /> }}
              />
            </li>
            <li>
              <Tr
                text="A spin of the wheel takes the next nonce too: its first number picks segment <code>{{formula}}</code>, and the prize is the one at that place in the wheel's list of prizes."
                values={{ formula: 'floor(number × segments)' }}
                parts={{ code: <code /> }}
              />
            </li>
            <li>{t('Rotating the seed pair reveals the old server seed, so you can recompute every round and spin it decided.')}</li>
          </ol>
        </section>
      </div>
    </Page>
  );
}
