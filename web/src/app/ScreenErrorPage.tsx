import { Component, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Page } from '../components/ui/Page';
import './not-found.css';
import { t } from '../lib/i18n';

/** A screen's code that cannot be fetched: usually the site was updated since this tab loaded it. */
export function isLoadFailure(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError|Unable to preload CSS/i.test(
    message,
  );
}

/** Shown instead of a screen that failed to load or crashed, with the way out: reload. */
export function ScreenErrorPage({ error }: { error: unknown }) {
  const loadFailure = isLoadFailure(error);
  if (!loadFailure) console.error('screen failed', error);
  return (
    <Page narrow>
      <div className="not-found" role="alert">
        <h1 className="not-found__title">{loadFailure ? t('This screen could not be loaded') : t('Something went wrong')}</h1>
        <p className="not-found__text">
          {loadFailure
            ? t('The site may have been updated, or the connection dropped. Reload to get the latest version.')
            : t('This screen stopped working. Reload the page to try again.')}
        </p>
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          {t('Reload')}
        </button>
      </div>
    </Page>
  );
}

/**
 * The screens' route: shows the screen for the address, or ScreenErrorPage if it failed to load or
 * threw while rendering. Going to another address tries again.
 */
export function ScreenBoundary() {
  const { pathname } = useLocation();
  return (
    <Boundary key={pathname}>
      <Outlet />
    </Boundary>
  );
}

class Boundary extends Component<{ children: ReactNode }, { failed: boolean; error: unknown }> {
  state = { failed: false, error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  render() {
    return this.state.failed ? <ScreenErrorPage error={this.state.error} /> : this.props.children;
  }
}
