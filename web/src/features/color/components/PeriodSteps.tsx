import { ErrorRetry, Loading } from '../../../components/ui/States';
import { errorMessage } from '../../../lib/api';
import { t } from '../../../lib/i18n';
import { useCommitments, usePeriod, usePeriodCheck } from '../color.api';
import { PeriodCheckSteps } from './PeriodCheckSteps';

/** Loads a period and its chain's commitment, and checks the period in this browser. */
export function PeriodSteps({ period }: { period: string }) {
  const result = usePeriod(period);
  const chains = useCommitments(1);
  const chain = result.data && chains.data?.chains.find((c) => c.id === result.data.chain);
  const check = usePeriodCheck(result.data, chain);
  if (result.isError) return <p className="field__error">{errorMessage(result.error, t('Could not load this period.'))}</p>;
  if (chains.isError) return <ErrorRetry onRetry={() => void chains.refetch()}>{errorMessage(chains.error, t('Could not load the commitments.'))}</ErrorRetry>;
  if (result.isPending || chains.isPending || (chain && check.isPending)) return <Loading />;
  if (!chain) return <p className="field__error">{t('This period’s chain is not among the newest commitments.')}</p>;
  if (check.isError) return <ErrorRetry onRetry={() => void check.refetch()}>{t('Could not check this period. Please try again.')}</ErrorRetry>;
  return <PeriodCheckSteps result={result.data} chain={chain} check={check.data!} />;
}
