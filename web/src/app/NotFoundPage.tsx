import { Link } from 'react-router';
import { Page } from '../components/ui/Page';

export function NotFoundPage() {
  return (
    <Page narrow>
      <div className="not-found">
        <h1>404 - Not Found</h1>
        <p className="state">The page you are looking for does not exist.</p>
        <Link className="btn btn--primary" to="/">
          Go home
        </Link>
      </div>
    </Page>
  );
}
