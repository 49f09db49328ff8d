import { Link } from 'react-router';
import { useSession } from '../../lib/useSession';

export function Logo() {
  return (
    <Link to="/" className="layout-logo" aria-label="Rupee Arcade, home">
      <span className="layout-logo__coin" aria-hidden="true">
        ₹
      </span>
      <span className="layout-logo__word" aria-hidden="true">
        Rupee<span>Arcade</span>
      </span>
    </Link>
  );
}

/** Logo; signed in, a circle with the first letter of the name opens the side menu; signed out, Login and Register. */
export function Header({ menuOpen, onOpenMenu }: { menuOpen: boolean; onOpenMenu: () => void }) {
  const { user, signedIn } = useSession();
  const initial = user?.fullName?.trim().charAt(0).toUpperCase() || '?';
  return (
    <header className="layout-header">
      <div className="layout-header__inner">
        <Logo />
        {signedIn ? (
          <button
            type="button"
            className="layout-avatar"
            aria-label={`Open menu for ${user?.fullName ?? 'your account'}`}
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={onOpenMenu}
          >
            {initial}
          </button>
        ) : (
          <nav className="layout-header__auth" aria-label="Account">
            <Link className="btn btn--ghost layout-header__btn" to="/login">
              Login
            </Link>
            <Link className="btn btn--primary layout-header__btn" to="/signup">
              Register
            </Link>
          </nav>
        )}
      </div>
    </header>
  );
}
