import { Link } from 'react-router';
import { OperatorText } from '../../components/OperatorText';
import './legal.css';
import { t } from '../../lib/i18n';
import { Tr } from '../../lib/Tr';

/** Terms of Service (/terms), unless the operator has their own (PAGES_DIR/terms.md): what a player agrees to by registering. */
export default function TermsPage() {
  return (
    <OperatorText page="terms" title={t('Terms of Service')}>
      <div className="legal">
        <p>{t('These terms apply to everyone who registers and plays on this site. By creating an account you agree to them.')}</p>
        <h2>{t('Who may play')}</h2>
        <ul>
          <li>{t('You must be 18 or older, and playing must be lawful where you are.')}</li>
          <li>{t('One account per person. Your name, e-mail and phone must be your own; both are checked with a one-time code.')}</li>
          <li>{t('Keep your password to yourself: everything done with your account counts as done by you.')}</li>
        </ul>
        <h2>{t('Your money')}</h2>
        <ul>
          <li>{t('Your balance is in Indian rupees. Every amount is decided by the server and recorded in a ledger that always balances.')}</li>
          <li>{t('Deposits are credited once an admin has confirmed the payment. Send exactly the amount you entered, to the QR code or ID shown.')}</li>
          <li>{t('Withdrawals are paid to the account you give, once an admin has checked them; a withdrawal that is rejected goes back to your balance.')}</li>
          <li>{t("We may refuse or reverse a payment that breaks these terms, such as one made with someone else's account.")}</li>
        </ul>
        <h2>{t('The games')}</h2>
        <ul>
          <li>
            <Tr
              text="Every result is fixed before you play and can be checked by anyone: see <chicken>how Chicken Road is proven</chicken> and <colour>Colour Prediction's commitments</colour>. Nobody, an admin included, can change a result."
              parts={{ chicken: <Link to="/fairness" />, colour: <Link to="/color/fairness" /> }}
            />
          </li>
          <li>{t('A bet is placed when the server accepts it, and settled by the server. If a connection drops, the round goes on where it was.')}</li>
        </ul>
        <h2>{t('Playing safely')}</h2>
        <p>
          <Tr
            text="You can set limits, take a time-out or exclude yourself at any time; see <safer>Safer play</safer>. A break cannot be shortened, by you or by us."
            parts={{ safer: <Link to="/safer-play" /> }}
          />
        </p>
        <h2>{t('Closing an account')}</h2>
        <p>{t('We may block an account that breaks these terms. Whatever balance is yours can still be withdrawn.')}</p>
        <p className="legal__note">
          <Tr text="See also the <privacy>Privacy Policy</privacy>." parts={{ privacy: <Link to="/privacy" /> }} />
        </p>
      </div>
    </OperatorText>
  );
}
