import { useState } from 'react';
import type { ColorCommitment } from '../../../../../contracts/color';
import { checkChainPage, newChainCheck, type ChainCheck } from '../../../../../contracts/color.math';
import { Button } from '../../../components/ui/Button';
import { errorMessage } from '../../../lib/api';
import { currentLocale, t } from '../../../lib/i18n';
import { colorApi } from '../color.api';

/** Checks every ended period of one chain in the browser, page by page, with its progress. */
export function CheckChain({ chain }: { chain: ColorCommitment }) {
  const [state, setState] = useState<{ running: boolean; check: ChainCheck; total: number; error?: string } | null>(null);
  const run = async () => {
    const check = newChainCheck();
    setState({ running: true, check, total: 0 });
    try {
      for (let page = 1; ; page++) {
        const answer = await colorApi.chainPeriods(chain.id, page);
        await checkChainPage(answer.periods, { terminalHash: chain.terminalHash, salt: chain.salt! }, check);
        setState({ running: page < answer.totalPages, check: { ...check }, total: check.checked });
        if (page >= answer.totalPages) break;
      }
    } catch (err) {
      setState({ running: false, check, total: check.checked, error: errorMessage(err, t('The check stopped: please try again.')) });
    }
  };
  if (!state) {
    return (
      <Button variant="ghost" onClick={() => void run()}>
        {t('Check every ended period of chain {{chain}}', { chain: chain.id })}
      </Button>
    );
  }
  const { check } = state;
  return (
    <p className="color-fair__chain-check" role="status" aria-live="polite">
      {state.error
        ? state.error
        : state.running
          ? t('Checking… {{count}} periods so far', { count: check.checked.toLocaleString(currentLocale()) })
          : check.checked === 0
            ? t('No period of this chain has ended yet.')
            : check.failed.length === 0
              ? t('All {{count}} ended periods verified ✓', { count: check.checked.toLocaleString(currentLocale()) })
              : t('{{failed}} of {{count}} do not verify ✗: {{periods}}', {
                  failed: check.failed.length,
                  count: check.checked.toLocaleString(currentLocale()),
                  periods: `${check.failed.slice(0, 5).join(', ')}${check.failed.length > 5 ? '…' : ''}`,
                })}
    </p>
  );
}
