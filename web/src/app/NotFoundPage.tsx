import { Link } from 'react-router';
import { Page } from '../components/ui/Page';
import './not-found.css';
import { t } from '../lib/i18n';

export function NotFoundPage() {
  return (
    <Page narrow>
      <div className="not-found">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1 className="not-found__title">{t('404 - Not Found')}</h1>
        <p className="not-found__text">{t('The page you are looking for does not exist or has moved.')}</p>
        <Link className="btn btn--primary" to="/">
          {t('Go home')}
        </Link>
      </div>
    </Page>
  );
}
