import { useRouteError } from 'react-router';
import { Page } from '../components/ui/Page';
import './not-found.css';

/** A screen's code that cannot be fetched: usually the site was updated since this tab loaded it. */
export function isLoadFailure(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError|Unable to preload CSS/i.test(
    message,
  );
}

/** Shown instead of a screen that failed to load or crashed, with the way out: reload. */
export function ScreenErrorPage() {
  const error = useRouteError();
  const loadFailure = isLoadFailure(error);
  if (!loadFailure) console.error('screen failed', error);
  return (
    <Page narrow>
      <div className="not-found" role="alert">
        <h1 className="not-found__title">{loadFailure ? 'This screen could not be loaded' : 'Something went wrong'}</h1>
        <p className="not-found__text">
          {loadFailure
            ? 'The site may have been updated, or the connection dropped. Reload to get the latest version.'
            : 'This screen stopped working. Reload the page to try again.'}
        </p>
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    </Page>
  );
}
