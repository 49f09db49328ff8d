import { NavLink } from 'react-router';
import { Icon, type IconName } from '../../components/ui/Icon';
import { t, tk } from '../../lib/i18n';

const TABS: { to: string; label: string; icon: IconName }[] = [
  { to: '/', label: tk('Home'), icon: 'home' },
  { to: '/ranking', label: tk('Ranking'), icon: 'trophy' },
  { to: '/bets', label: tk('Earn'), icon: 'coins' },
  { to: '/profile', label: tk('Mine'), icon: 'user' },
];

/** The bottom tab bar: Home, Ranking, Earn, Mine. */
export function TabBar() {
  return (
    <nav className="layout-tabbar" aria-label={t('Main')}>
      <ul className="layout-tabbar__list">
        {TABS.map((tab) => (
          <li key={tab.to}>
            <NavLink to={tab.to} end={tab.to === '/'} className={({ isActive }) => ['layout-tab', isActive ? 'layout-tab--active' : ''].join(' ').trim()}>
              <Icon name={tab.icon} size={22} />
              <span>{t(tab.label)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
