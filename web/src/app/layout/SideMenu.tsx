import { useEffect, useRef, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Icon, type IconName } from '../../components/ui/Icon';
import { maskId } from '../../lib/session';
import { useSession } from '../../lib/useSession';
import { useHasSupport } from '../../lib/useSiteSettings';
import { useVisibleGames } from '../../lib/useVisibleGames';
import { t } from '../../lib/i18n';

interface SideMenuProps {
  open: boolean;
  onClose: () => void;
  onHelp: () => void;
  onRefer: () => void;
  onSignOut: () => void;
}

function Item({ icon, to, onClick, children, tone }: { icon: IconName; to?: string; onClick: () => void; children: ReactNode; tone?: 'danger' }) {
  const className = ({ isActive }: { isActive: boolean }) =>
    ['layout-menu__item', isActive ? 'layout-menu__item--active' : '', tone ? `layout-menu__item--${tone}` : ''].join(' ').trim();
  const body = (
    <>
      <Icon name={icon} size={20} />
      <span>{children}</span>
    </>
  );
  return (
    <li>
      {to ? (
        <NavLink to={to} end className={className} onClick={onClick}>
          {body}
        </NavLink>
      ) : (
        <button type="button" className={className({ isActive: false })} onClick={onClick}>
          {body}
        </button>
      )}
    </li>
  );
}

/** The side menu: a drawer over a backdrop, on the native modal <dialog> so focus stays inside and Escape closes it. */
export function SideMenu({ open, onClose, onHelp, onRefer, onSignOut }: SideMenuProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const { user, isAdmin } = useSession();
  const { games } = useVisibleGames();
  const hasSupport = useHasSupport();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }); // after every render: a dialog element mounted again while `open` must open too

  if (!user) return null;
  const then = (action: () => void) => () => {
    onClose();
    action();
  };
  return (
    <dialog
      ref={ref}
      className="layout-menu"
      aria-label={t('Menu')}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
    >
      <div className="layout-menu__panel">
        <div className="layout-menu__head">
          <div className="layout-menu__avatar" aria-hidden="true">
            {user.fullName?.trim().charAt(0).toUpperCase() || '?'}
          </div>
          <div className="layout-menu__who">
            <p className="layout-menu__name">{user.fullName}</p>
            <p className="layout-menu__id">{t('ID: {{id}}', { id: maskId(user._id) })}</p>
          </div>
          <button type="button" className="layout-menu__close" aria-label={t('Close menu')} onClick={onClose}>
            <Icon name="close" size={22} />
          </button>
        </div>
        <nav aria-label={t('Menu links')}>
          <ul className="layout-menu__list">
            {isAdmin && (
              <Item icon="shield" to="/admin" onClick={onClose}>
                {t('Admin')}
              </Item>
            )}
            <Item icon="key" to="/change-password" onClick={onClose}>
              {t('Change Password')}
            </Item>
            {games.map((g) => (
              <Item key={g.key} icon="gamepad" to={g.path} onClick={onClose}>
                {t(g.title)}
              </Item>
            ))}
            <Item icon="list" to="/transactions" onClick={onClose}>
              {t('Transactions')}
            </Item>
            <Item icon="wheel" to="/spinner" onClick={onClose}>
              {t('Spinner')}
            </Item>
            <Item icon="ticket" to="/bets" onClick={onClose}>
              {t('All Bets')}
            </Item>
            <Item icon="trophy" to="/ranking" onClick={onClose}>
              {t('Ranking')}
            </Item>
            {hasSupport && (
              <Item icon="help" onClick={then(onHelp)}>
                {t('Help & Support')}
              </Item>
            )}
            <Item icon="gift" onClick={then(onRefer)}>
              {t('Refer & Earn')}
            </Item>
            <Item icon="shield" to="/responsible" onClick={onClose}>
              {t('Responsible play')}
            </Item>
          </ul>
          <div className="layout-menu__language">
            <LanguageSwitch />
          </div>
          <ul className="layout-menu__list layout-menu__list--foot">
            <Item icon="logout" tone="danger" onClick={then(onSignOut)}>
              {t('Sign out')}
            </Item>
          </ul>
        </nav>
      </div>
    </dialog>
  );
}
