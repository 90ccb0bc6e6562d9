import { fetchSession, SESSION_KEY } from './api/auth.ts';
import { useQuery } from './api/hooks.ts';
import { AppShell } from './components/AppShell.tsx';
import { useRouteFocus } from './components/a11y.ts';
import { Loading, QueryError } from './components/Status.tsx';
import { LOGIN_PATH, loginPath, matchRoutes, Redirect, safeNext, useLocation } from './router.ts';
import { appRoutes } from './routes.tsx';
import { LoginScreen } from './screens/login/LoginScreen.tsx';
import { NotFoundScreen } from './screens/NotFoundScreen.tsx';

/**
 * The session decides everything: without one, every path but /login redirects there (with
 * `?next=` to come back); with one, /login redirects on and the route table picks the screen.
 */
export function App() {
  const location = useLocation();
  const session = useQuery(SESSION_KEY, fetchSession);
  useRouteFocus(location.path);

  if (session.data === undefined) {
    return (
      <AppShell user={null}>
        {session.status === 'error' ? (
          <QueryError error={session.error} onRetry={() => void session.refetch()} />
        ) : (
          <Loading>Loading…</Loading>
        )}
      </AppShell>
    );
  }

  const user = session.data;
  if (location.path === LOGIN_PATH) {
    if (user !== null) return <Redirect to={safeNext(location.search.get('next')) ?? '/'} />;
    return (
      <AppShell user={null}>
        <LoginScreen />
      </AppShell>
    );
  }
  if (user === null) {
    const query = location.search.toString();
    return <Redirect to={loginPath(query === '' ? location.path : `${location.path}?${query}`)} />;
  }

  const screen = matchRoutes(appRoutes, location.path);
  return (
    <AppShell user={user}>
      {screen === null ? <NotFoundScreen path={location.path} /> : screen({ user, search: location.search })}
    </AppShell>
  );
}
