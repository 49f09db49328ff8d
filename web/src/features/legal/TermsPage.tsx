import { Link } from 'react-router';
import { OperatorText } from '../../components/OperatorText';
import './legal.css';
import { t } from '../../lib/i18n';

/** Terms of Service (/terms), unless the operator has their own (PAGES_DIR/terms.md): what a player agrees to by registering. */
export default function TermsPage() {
  return (
    <OperatorText page="terms" title={t('Terms of Service')}>
      <div className="legal">
        <p>These terms apply to everyone who registers and plays on this site. By creating an account you agree to them.</p>
        <h2>Who may play</h2>
        <ul>
          <li>You must be 18 or older, and playing must be lawful where you are.</li>
          <li>One account per person. Your name, e-mail and phone must be your own; both are checked with a one-time code.</li>
          <li>Keep your password to yourself: everything done with your account counts as done by you.</li>
        </ul>
        <h2>Your money</h2>
        <ul>
          <li>Your balance is in Indian rupees. Every amount is decided by the server and recorded in a ledger that always balances.</li>
          <li>Deposits are credited once an admin has confirmed the payment. Send exactly the amount you entered, to the QR code or ID shown.</li>
          <li>Withdrawals are paid to the account you give, once an admin has checked them; a withdrawal that is rejected goes back to your balance.</li>
          <li>We may refuse or reverse a payment that breaks these terms, such as one made with someone else&apos;s account.</li>
        </ul>
        <h2>The games</h2>
        <ul>
          <li>
            Every result is fixed before you play and can be checked by anyone: see <Link to="/fairness">how Chicken Road is proven</Link> and{' '}
            <Link to="/color/fairness">the colour game&apos;s commitments</Link>. Nobody, an admin included, can change a result.
          </li>
          <li>A bet is placed when the server accepts it, and settled by the server. If a connection drops, the round goes on where it was.</li>
        </ul>
        <h2>Playing safely</h2>
        <p>
          You can set limits, take a time-out or exclude yourself at any time; see <Link to="/safer-play">Safer play</Link>. A break cannot be shortened, by you
          or by us.
        </p>
        <h2>Closing an account</h2>
        <p>We may block an account that breaks these terms. Whatever balance is yours can still be withdrawn.</p>
        <p className="legal__note">
          See also the <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </div>
    </OperatorText>
  );
}
