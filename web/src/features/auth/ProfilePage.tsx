import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon, type IconName } from '../../components/ui/Icon';
import { Page } from '../../components/ui/Page';
import { maskId } from '../../lib/session';
import { useBalance, useSession } from '../../lib/useSession';
import { useHasSupport, useSiteSettings } from '../../lib/useSiteSettings';
import { useVisibleGames } from '../../lib/useVisibleGames';
import { ReferEarnModal } from './ReferEarn';
import { useSignOut } from './useSignOut';
import './auth.css';
import { formatBalance } from '../../../../contracts/amounts';
import { t } from '../../lib/i18n';

function Row({ icon, children, to, onClick, tone }: { icon: IconName; children: ReactNode; to?: string; onClick?: () => void; tone?: 'danger' }) {
  const body = (
    <>
      <span className="auth-profile__icon">
        <Icon name={icon} size={20} />
      </span>
      <span className="auth-profile__label">{children}</span>
      <Icon name="chevronRight" size={18} className="auth-profile__chevron" />
    </>
  );
  const className = ['auth-profile__row', tone ? `auth-profile__row--${tone}` : ''].join(' ').trim();
  return (
    <li>
      {to ? (
        <Link className={className} to={to}>
          {body}
        </Link>
      ) : (
        <button type="button" className={className} onClick={onClick}>
          {body}
        </button>
      )}
    </li>
  );
}

export default function ProfilePage() {
  const { user, signedIn, isAdmin } = useSession();
  const balance = useBalance();
  const playMoney = useSiteSettings().data?.playMoney;
  const hasSupport = useHasSupport();
  const { games } = useVisibleGames();
  const signOut = useSignOut();
  const [referOpen, setReferOpen] = useState(false);

  if (!signedIn || !user) {
    return (
      <Page title={t('Mine')} narrow>
        <div className="auth-card auth-card--flat auth-profile__guest">
          <div className="auth-profile__avatar auth-profile__avatar--guest" aria-hidden="true">
            <Icon name="user" size={34} />
          </div>
          <p>{t('Sign in to see your wallet, bets and referral link.')}</p>
          <div className="auth-profile__guest-actions">
            <Link className="btn btn--primary btn--block" to="/login">
              {t('Login')}
            </Link>
            <Link className="btn btn--ghost btn--block" to="/signup">
              {t('Register')}
            </Link>
          </div>
        </div>
      </Page>
    );
  }

  return (
    <Page narrow>
      <h1 className="visually-hidden">{t('Profile')}</h1>
      <div className="auth-profile__card">
        <div className="auth-profile__avatar" aria-hidden="true">
          {user.fullName?.trim().charAt(0).toUpperCase() || '?'}
        </div>
        <div className="auth-profile__who">
          <p className="auth-profile__name">{user.fullName}</p>
          <p className="auth-profile__meta">
            <span className="visually-hidden">{t('User id')} </span>
            {t('ID: {{id}}', { id: maskId(user._id) })}
          </p>
          <p className="auth-profile__meta">
            <span className="visually-hidden">{t('Phone')} </span>
            {user.phoneNumber}
          </p>
        </div>
      </div>
      <div className="auth-profile__balance">
        <span className="auth-profile__balance-label">{playMoney ? t('Play money(₹)') : t('Available(₹)')}</span>
        <span className="auth-profile__balance-value" aria-live="polite">
          {/* The label carries the rupee sign. */}
          {balance.data === undefined ? '—' : formatBalance(balance.data).replace('₹', '')}
        </span>
      </div>
      <nav aria-label={t('Account')}>
        <ul className="auth-profile__list">
          <Row icon="list" to="/transactions">
            {t('Transactions')}
          </Row>
          <Row icon="wheel" to="/spinner">
            {t('Spinner')}
          </Row>
          <Row icon="ticket" to="/bets">
            {t('All Bets')}
          </Row>
          <Row icon="trophy" to="/ranking">
            {t('Ranking')}
          </Row>
          {hasSupport && (
            <Row icon="help" to="/">
              {t('Help & Support')}
            </Row>
          )}
          <Row icon="gift" onClick={() => setReferOpen(true)}>
            {t('Refer & Earn')}
          </Row>
        </ul>
        <ul className="auth-profile__list">
          {isAdmin && (
            <Row icon="shield" to="/admin">
              {t('Admin Panel')}
            </Row>
          )}
          <Row icon="key" to="/change-password">
            {t('Change Password')}
          </Row>
          {games.map((g) => (
            <Row key={g.key} icon="gamepad" to={g.path}>
              {t(g.title)}
            </Row>
          ))}
          <Row icon="shield" to="/responsible">
            {t('Responsible play')}
          </Row>
        </ul>
        <ul className="auth-profile__list">
          <Row icon="logout" tone="danger" onClick={() => void signOut()}>
            {t('Sign out')}
          </Row>
        </ul>
      </nav>
      <ReferEarnModal open={referOpen} onClose={() => setReferOpen(false)} />
    </Page>
  );
}
