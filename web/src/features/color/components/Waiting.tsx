import { Link } from 'react-router';
import type { ColorCommitment } from '../../../../../contracts/color';
import { saltNotice } from '../../../../../contracts/color.math';
import { Page } from '../../../components/ui/Page';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { Tr } from '../../../lib/Tr';
import { Results } from './Results';

/** While the chain waits for its salt no period runs: the screen says why, and what comes next. */
export function Waiting({ commitment }: { commitment: ColorCommitment }) {
  return (
    <Page title={t('Colour Prediction')} narrow>
      <section className="card color-waiting" aria-labelledby="color-waiting-title">
        <h2 id="color-waiting-title">{t('The next game starts soon')}</h2>
        <p>{saltNotice(commitment, t)}</p>
        <p>
          <Tr
            text="Chain {{chain}} was published on {{date}} with the hash <code>{{hash}}</code>."
            values={{ chain: commitment.id, date: formatDateTime(commitment.publishedAt), hash: commitment.terminalHash }}
            parts={{ code: <code className="color-rules__hash" /> }}
          />
        </p>
        <p>
          <Link to="/color/fairness">{t('See every commitment')}</Link>
        </p>
      </section>
      <Results />
    </Page>
  );
}
