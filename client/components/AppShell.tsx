import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MouseEvent, ReactNode } from 'react';
import { NavLink, useNavigate, useParams } from 'react-router';
import type { SessionUser } from '../../shared/api.ts';
import { logout } from '../api/auth.ts';
import type { ApiError } from '../api/errors.ts';
import { SESSION_KEY } from '../api/queryClient.ts';
import { studiesQuery } from '../api/studies.ts';
import { adjudicationPath, LOGIN_PATH, queuePath, studyPath } from '../paths.ts';
import { CONSOLE_DATA_PATH, CONSOLE_USERS_PATH, consolePath } from '../screens/console/consolePaths.ts';
import { reportPath } from '../screens/report/reportPaths.ts';
import { MAIN_ID } from './a11y.ts';

function skipToMain(event: MouseEvent<HTMLAnchorElement>): void {
  // Move focus without adding `#main` to the URL and the history.
  event.preventDefault();
  document.getElementById(MAIN_ID)?.focus();
}

/** The places the user's roles reach in the current (or first) study. */
function RoleNav({ user }: { readonly user: SessionUser }) {
  const params = useParams();
  const studies = useQuery(studiesQuery);
  const study = params.study ?? studies.data?.[0]?.name;
  const links: { to: string; label: string; end: boolean }[] = [];
  if (study !== undefined) {
    if (user.roles.includes('admin') || user.roles.includes('adjudicator'))
      links.push({ to: studyPath(study), label: 'Overview', end: true });
    if (user.roles.includes('annotator')) links.push({ to: queuePath(study), label: 'My queue', end: false });
    if (user.roles.includes('adjudicator'))
      links.push({ to: adjudicationPath(study), label: 'Adjudication', end: false });
    if (user.roles.includes('admin') || user.roles.includes('adjudicator'))
      links.push({ to: reportPath(study), label: 'Report', end: false });
    if (user.roles.includes('admin'))
      links.push({ to: consolePath(study, 'sample'), label: 'Sample', end: false });
    if (user.roles.includes('admin'))
      links.push({ to: consolePath(study, 'assignment'), label: 'Assignment', end: false });
    if (user.roles.includes('admin'))
      links.push({ to: consolePath(study, 'arguments'), label: 'Arguments', end: false });
    if (user.roles.includes('admin'))
      links.push({ to: consolePath(study, 'progress'), label: 'Progress', end: false });
    if (user.roles.includes('admin'))
      links.push({ to: consolePath(study, 'extractions'), label: 'Extraction runs', end: false });
  }
  if (user.roles.includes('admin')) links.push({ to: CONSOLE_DATA_PATH, label: 'Data', end: false });
  if (user.roles.includes('admin')) links.push({ to: CONSOLE_USERS_PATH, label: 'Users', end: false });
  // One place alone needs no navigation, unless it is the admin's console before a study exists.
  if (links.length === 0 || (links.length === 1 && study !== undefined)) return null;
  return (
    <nav aria-label="Main" className="role-nav">
      {links.map((link) => (
        <NavLink key={link.to} to={link.to} end={link.end}>
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}

function Account({ user }: { readonly user: SessionUser }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const forget = () => {
    // Forget everything the last user loaded before anyone else sees this browser.
    queryClient.clear();
    queryClient.setQueryData(SESSION_KEY, null);
    void navigate(LOGIN_PATH, { replace: true });
  };
  const signOut = useMutation<undefined, ApiError>({
    mutationFn: logout,
    onSuccess: forget,
    // A session that had already ended (401) is signed out all the same.
    onError: (error) => {
      if (error.code === 'unauthenticated') forget();
    },
  });
  return (
    <div className="account">
      <p className="account-name">
        <strong>{user.displayName}</strong> <span className="muted">({user.username})</span>
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
        className="button-secondary button-small"
        disabled={signOut.isPending}
        onClick={() => signOut.mutate()}
      >
        {signOut.isPending ? 'Logging out…' : 'Log out'}
      </button>
      {signOut.isError && (
        <p role="alert" className="account-error">
          Could not log out: {signOut.error.message}
        </p>
      )}
    </div>
  );
}

/** The frame of every screen: skip link, `<header>` (with navigation and the account when signed in), `<main>`. */
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
          <NavLink className="brand" to="/">
            factor-audit
          </NavLink>
          {user && <RoleNav user={user} />}
          {user && <Account user={user} />}
        </div>
      </header>
      <main id={MAIN_ID} tabIndex={-1} className="site-main">
        {children}
      </main>
    </>
  );
}
