import { Link, useLocation } from 'react-router';
import { useDocumentTitle } from '../components/a11y.ts';

export function NotFoundScreen() {
  useDocumentTitle('Page not found');
  const { pathname } = useLocation();
  return (
    <div>
      <h1 tabIndex={-1}>Page not found</h1>
      <p>
        There is no page at <code>{pathname}</code>. <Link to="/">Go to your start page</Link>.
      </p>
    </div>
  );
}
