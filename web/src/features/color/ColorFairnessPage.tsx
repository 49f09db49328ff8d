import { useSearchParams } from 'react-router';
import { Page } from '../../components/ui/Page';
import { readPeriodCheck } from '../../lib/fairness/links';
import { t } from '../../lib/i18n';
import { CheckPeriod } from './components/CheckPeriod';
import { Commitments } from './components/Commitments';
import './color.css';

/** /color/fairness: every chain the colour game committed to, and any period checked step by step. Open to everyone. */
export default function ColorFairnessPage() {
  const [params, setParams] = useSearchParams();
  const period = readPeriodCheck(params);
  return (
    <Page title={t('Colour Prediction fairness')} narrow>
      <CheckPeriod key={period ?? ''} period={period} onCheck={(p) => setParams({ period: p }, { replace: true })} />
      <Commitments />
    </Page>
  );
}
