import { useDocumentTitle } from '../components/a11y.ts';
import { Link } from '../components/Link.tsx';

export function NotFoundScreen({ path }: { readonly path: string }) {
  useDocumentTitle('Page not found');
  return (
    <div>
      <h1 tabIndex={-1}>Page not found</h1>
      <p>
        There is no page at <code>{path}</code>. <Link to="/">Go to the study overview</Link>.
      </p>
    </div>
  );
}
