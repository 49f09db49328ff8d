import { Link, useSearchParams } from 'react-router';
import { Page } from '../../components/ui/Page';
import './wallet.css';
import { t } from '../../lib/i18n';

export default function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const reference = params.get('reference');
  return (
    <Page narrow>
      <section className="card wallet-card wallet-card--center wallet-success">
        <span className="wallet-success__tick" aria-hidden="true">
          ✓
        </span>
        <h1 className="page__title">{t('PaymentSuccess')}</h1>
        <p className="wallet-success__ref">
          {t('Reference No.')} <strong>{reference || '—'}</strong>
        </p>
        <Link to="/transactions" className="btn btn--ghost btn--block">
          {t('Transactions')}
        </Link>
      </section>
    </Page>
  );
}
