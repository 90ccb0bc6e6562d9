import type { MouseEvent, ReactNode } from 'react';
import type { SessionUser } from '../../shared/api.ts';
import { logout, SESSION_KEY } from '../api/auth.ts';
import { queryCache, useMutation } from '../api/hooks.ts';
import { LOGIN_PATH, navigate } from '../router.ts';
import { MAIN_ID } from './a11y.ts';
import { Link } from './Link.tsx';

function skipToMain(event: MouseEvent<HTMLAnchorElement>): void {
  // Move focus without adding `#main` to the URL and the history.
  event.preventDefault();
  document.getElementById(MAIN_ID)?.focus();
}

function Account({ user }: { readonly user: SessionUser }) {
  const signOut = useMutation(logout, {
    onSuccess: () => {
      // Forget everything the last user loaded before anyone else sees this browser.
      queryCache.clear();
      queryCache.setData(SESSION_KEY, null);
      navigate(LOGIN_PATH, { replace: true });
    },
  });
  return (
    <div className="account">
      <p className="account-name">
        Signed in as <strong>{user.displayName}</strong> <span className="muted">({user.username})</span>
      </p>
      {user.roles.length === 0 ? (
        <p className="muted">No role yet</p>
      ) : (
        <ul className="roles" aria-label="Roles">
          {user.roles.map((role) => (
            <li key={role} className="badge">
              {role}
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="button-secondary"
        disabled={signOut.status === 'pending'}
        onClick={() => void signOut.mutate(undefined)}
      >
        {signOut.status === 'pending' ? 'Logging out…' : 'Log out'}
      </button>
      {signOut.status === 'error' && (
        <p role="alert" className="account-error">
          Could not log out: {signOut.error.message}
        </p>
      )}
    </div>
  );
}

/** The frame of every screen: skip link, `<header>` (with the account when signed in), `<main>`. */
export function AppShell({
  user,
  children,
}: {
  readonly user: SessionUser | null;
  readonly children: ReactNode;
}) {
  return (
    <>
      <a className="skip-link" href={`#${MAIN_ID}`} onClick={skipToMain}>
        Skip to main content
      </a>
      <header className="site-header">
        <div className="site-header-inner">
          <Link className="brand" to="/">
            factor-audit
          </Link>
          {user && <Account user={user} />}
        </div>
      </header>
      <main id={MAIN_ID} tabIndex={-1} className="site-main">
        {children}
      </main>
    </>
  );
}
