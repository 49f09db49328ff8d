import { Link } from 'react-router';
import { Page } from '../../components/ui/Page';
import './wallet.css';
import { t } from '../../lib/i18n';

/** Payments are made on the deposit screen; this address only points there. */
export default function PaymentPage() {
  return (
    <Page title={t('Payment')} narrow>
      <section className="card wallet-card wallet-card--center">
        <p className="wallet-note">{t('Add money to your wallet by UPI or crypto on the deposit screen.')}</p>
        <Link to="/deposite" className="btn btn--primary btn--block">
          {t('Deposit')}
        </Link>
      </section>
    </Page>
  );
}
