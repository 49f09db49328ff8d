import { NavLink } from 'react-router';
import { Icon, type IconName } from '../../components/ui/Icon';

const TABS: { to: string; label: string; icon: IconName }[] = [
  { to: '/', label: 'Home', icon: 'home' },
  { to: '/ranking', label: 'Ranking', icon: 'trophy' },
  { to: '/bets', label: 'Earn', icon: 'coins' },
  { to: '/profile', label: 'Mine', icon: 'user' },
];

/** The bottom tab bar: Home, Ranking, Earn, Mine. */
export function TabBar() {
  return (
    <nav className="layout-tabbar" aria-label="Main">
      <ul className="layout-tabbar__list">
        {TABS.map((t) => (
          <li key={t.to}>
            <NavLink to={t.to} end={t.to === '/'} className={({ isActive }) => ['layout-tab', isActive ? 'layout-tab--active' : ''].join(' ').trim()}>
              <Icon name={t.icon} size={22} />
              <span>{t.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
