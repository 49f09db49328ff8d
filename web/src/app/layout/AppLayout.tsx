import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useNavigationType } from 'react-router';
import { screenTitle } from './screenTitle';
import { Loading } from '../../components/ui/States';
import { useSession } from '../../lib/useSession';
import { ReferEarnModal } from '../../features/auth/ReferEarn';
import { useSessionBootstrap } from '../../features/auth/useSessionBootstrap';
import { useSignOut } from '../../features/auth/useSignOut';
import { BreakBanner } from '../../features/responsible/BreakNotice';
import { RealityCheck } from '../../features/responsible/RealityCheck';
import { useSiteSettings } from '../../lib/useSiteSettings';
import { Header } from './Header';
import { HelpSupportModal } from './HelpSupportModal';
import { SideMenu } from './SideMenu';
import { TabBar } from './TabBar';
import './layout.css';
import { t } from '../../lib/i18n';

/** Header, side menu and bottom tab bar around every screen; starts the session first. */
export function AppLayout() {
  const status = useSessionBootstrap();
  const { signedIn } = useSession();
  const signOut = useSignOut();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [referOpen, setReferOpen] = useState(false);
  const playMoney = useSiteSettings().data?.playMoney;
  const backOffice = pathname.startsWith('/admin');
  const withFooter = !backOffice && !pathname.startsWith('/chicken-road');

  useEffect(() => {
    document.title = screenTitle(pathname);
  }, [pathname]);

  // A new screen opens at its top; back and forward leave the browser to restore where it was.
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);

  // A page change or signing in or out closes the menu.
  const where = `${pathname}|${signedIn}`;
  const [lastWhere, setLastWhere] = useState(where);
  if (where !== lastWhere) {
    setLastWhere(where);
    setMenuOpen(false);
  }

  return (
    // The back office uses the full 1200 px; the header follows so the logo lines up with its side tabs.
    <div className={backOffice ? 'app layout layout--wide layout--backoffice' : 'app layout'}>
      <a className="layout-skip" href="#main">
        {t('Skip to content')}
      </a>
      {/* The game screen has its own balance badge beside the game title (spec). */}
      {/* The back office is its own shell: no player balance and no player tab bar over its content. */}
      <Header menuOpen={menuOpen} onOpenMenu={() => setMenuOpen(true)} showBalance={!backOffice && !pathname.startsWith('/chicken-road')} />
      <main id="main" className="app__main layout-main" tabIndex={-1}>
        {playMoney && (
          <p className="layout-play-money" role="note">
            {t('Play money: nothing here is real money.')}
          </p>
        )}
        {!backOffice && <BreakBanner />}
        {withFooter ? (
          // At least a screen high, so the footer starts below the first screen and content that
          // arrives late never pushes it about in view.
          <div className="layout-screen">{status === 'loading' ? <Loading /> : <Outlet />}</div>
        ) : status === 'loading' ? (
          <Loading />
        ) : (
          <Outlet />
        )}
        {withFooter && (
          <footer className="layout-footer">
            <span className="layout-footer__age" aria-hidden="true">
              18+
            </span>
            <p>
              {t('For adults only: you must be 18 or older to play. Play for fun, within your means.')} <Link to="/safer-play">{t('Safer play')}</Link> ·{' '}
              <Link to="/terms">{t('Terms')}</Link> · <Link to="/privacy">{t('Privacy')}</Link>
            </p>
          </footer>
        )}
      </main>
      {!backOffice && <TabBar />}
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
          <RealityCheck onStop={() => void signOut()} />
        </>
      )}
      <HelpSupportModal open={helpOpen} onClose={() => setHelpOpen(false)} />
    </div>
  );
}
