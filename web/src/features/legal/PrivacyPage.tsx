import { Link } from 'react-router';
import { OperatorText } from '../../components/OperatorText';
import './legal.css';
import { t } from '../../lib/i18n';
import { Tr } from '../../lib/Tr';

/** Privacy Policy (/privacy), unless the operator has their own (PAGES_DIR/privacy.md): what the site keeps about a player, why, and for how long. */
export default function PrivacyPage() {
  return (
    <OperatorText page="privacy" title={t('Privacy Policy')}>
      <div className="legal">
        <p>{t('We keep only what the site needs to run your account and your money, and we do not sell it.')}</p>
        <h2>{t('What we keep')}</h2>
        <ul>
          <li>{t('Your name, e-mail, phone number and a hash of your password (never the password itself).')}</li>
          <li>{t('Your deposits, withdrawals, bets and their results, in the ledger, which is never rewritten.')}</li>
          <li>{t('The payment details you give for a withdrawal, and the transaction IDs you submit for a deposit.')}</li>
          <li>{t('Your limits and breaks, so that they hold on every device.')}</li>
          <li>{t('Your signed-in sessions, so that you can be signed out everywhere at once.')}</li>
        </ul>
        <h2>{t('Why')}</h2>
        <ul>
          <li>{t('To sign you in and send your one-time codes by e-mail and SMS.')}</li>
          <li>{t('To credit your deposits, pay your withdrawals and show you your history.')}</li>
          <li>{t('To stop fraud and to keep the promises of responsible play.')}</li>
        </ul>
        <h2>{t('Who sees it')}</h2>
        <p>
          {t(
            'Admins see what their back-office pages need, and every change they make is recorded. Your e-mail and phone go to the mail and SMS services that deliver your codes. The ranking shows only a masked name.',
          )}
        </p>
        <h2>{t('Your choices')}</h2>
        <p>{t('You can change your password at any time, and ask an admin through Help & Support to correct your details or close your account.')}</p>
        <p className="legal__note">
          <Tr
            text="See also the <terms>Terms of Service</terms> and <safer>Safer play</safer>."
            parts={{ terms: <Link to="/terms" />, safer: <Link to="/safer-play" /> }}
          />
        </p>
      </div>
    </OperatorText>
  );
}
