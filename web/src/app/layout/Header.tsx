import { Link } from 'react-router';
import { useBalance, useSession } from '../../lib/useSession';
import { formatBalance, formatRupees } from '../../../../contracts/amounts';
import { useSiteSettings } from '../../lib/useSiteSettings';
import { t } from '../../lib/i18n';

/** The logo links home; its name is its text, "Rupee Arcade". */
export function Logo() {
  return (
    <Link to="/" className="layout-logo">
      <span className="layout-logo__coin" aria-hidden="true">
        ₹
      </span>
      <span className="layout-logo__word" lang="en">
        Rupee <span>Arcade</span>
      </span>
    </Link>
  );
}

/** The wallet balance on every signed-in screen; it opens the deposit screen. */
function BalanceBadge() {
  const balance = useBalance();
  const playMoney = useSiteSettings().data?.playMoney;
  const text = balance.data === undefined ? '₹…' : formatBalance(balance.data);
  // Read out to the paisa, whatever the chip had room for.
  const exact = balance.data === undefined ? text : formatRupees(balance.data, 'short');
  if (playMoney) {
    return (
      <Link to="/profile" className="layout-balance" aria-label={t('Play money {{amount}}', { amount: exact })}>
        {text}
        <small className="layout-balance__play">{t('play')}</small>
      </Link>
    );
  }
  return (
    <Link to="/deposite" className="layout-balance" aria-label={t('Balance {{amount}}, deposit', { amount: exact })}>
      {text}
    </Link>
  );
}

/** Logo; signed in, the balance (unless the screen shows its own) and a circle with the first letter of the name opens the side menu; signed out, Login and Register. */
export function Header({ menuOpen, onOpenMenu, showBalance = true }: { menuOpen: boolean; onOpenMenu: () => void; showBalance?: boolean }) {
  const { user, signedIn } = useSession();
  const initial = user?.fullName?.trim().charAt(0).toUpperCase() || '?';
  return (
    <header className="layout-header">
      <div className="layout-header__inner">
        <Logo />
        {signedIn ? (
          <div className="layout-header__account">
            {showBalance && <BalanceBadge />}
            <button
              type="button"
              className="layout-avatar"
              aria-label={user?.fullName ? t('Open menu for {{name}}', { name: user.fullName }) : t('Open menu for your account')}
              aria-haspopup="dialog"
              aria-expanded={menuOpen}
              onClick={onOpenMenu}
            >
              {initial}
            </button>
          </div>
        ) : (
          <nav className="layout-header__auth" aria-label={t('Account')}>
            <Link className="btn btn--ghost layout-header__btn" to="/login">
              {t('Login')}
            </Link>
            <Link className="btn btn--primary layout-header__btn" to="/signup">
              {t('Register')}
            </Link>
          </nav>
        )}
      </div>
    </header>
  );
}
