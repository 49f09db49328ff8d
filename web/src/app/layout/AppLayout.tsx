import { useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { screenTitle } from './screenTitle';
import { Loading } from '../../components/ui/States';
import { useSession } from '../../lib/useSession';
import { ReferEarnModal } from '../../features/auth/ReferEarn';
import { useSessionBootstrap } from '../../features/auth/useSessionBootstrap';
import { useSignOut } from '../../features/auth/useSignOut';
import { Header } from './Header';
import { HelpSupportModal } from './HelpSupportModal';
import { SideMenu } from './SideMenu';
import { TabBar } from './TabBar';
import './layout.css';

/** Header, side menu and bottom tab bar around every screen; starts the session first. */
export function AppLayout() {
  const status = useSessionBootstrap();
  const { signedIn } = useSession();
  const signOut = useSignOut();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [referOpen, setReferOpen] = useState(false);

  useEffect(() => {
    document.title = screenTitle(pathname);
  }, [pathname]);

  // A page change or signing in or out closes the menu.
  const where = `${pathname}|${signedIn}`;
  const [lastWhere, setLastWhere] = useState(where);
  if (where !== lastWhere) {
    setLastWhere(where);
    setMenuOpen(false);
  }

  return (
    // The back office uses the full 1200 px; the header follows so the logo lines up with its side tabs.
    <div className={pathname.startsWith('/admin') ? 'app layout layout--wide' : 'app layout'}>
      <a className="layout-skip" href="#main">
        Skip to content
      </a>
      {/* The game screen has its own balance badge beside the game title (spec). */}
      <Header menuOpen={menuOpen} onOpenMenu={() => setMenuOpen(true)} showBalance={pathname !== '/chicken-road'} />
      <main id="main" className="app__main layout-main" tabIndex={-1}>
        {status === 'loading' ? <Loading /> : <Outlet />}
      </main>
      <TabBar />
      {signedIn && (
        <>
          <SideMenu
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            onHelp={() => setHelpOpen(true)}
            onRefer={() => setReferOpen(true)}
            onSignOut={() => void signOut()}
          />
          <ReferEarnModal open={referOpen} onClose={() => setReferOpen(false)} />
        </>
      )}
      <HelpSupportModal open={helpOpen} onClose={() => setHelpOpen(false)} />
      <ScrollRestoration />
    </div>
  );
}
