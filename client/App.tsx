import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, useLocation, useParams } from 'react-router';
import type { Role } from '../shared/api.ts';
import { sessionQuery } from './api/auth.ts';
import { createQueryClient } from './api/queryClient.ts';
import { studiesQuery } from './api/studies.ts';
import { AppShell } from './components/AppShell.tsx';
import { useRouteFocus } from './components/a11y.ts';
import { Loading, QueryError } from './components/Status.tsx';
import { homePathFor, loginPath, safeNext } from './paths.ts';
import { AdjudicationQueueScreen } from './screens/adjudication/AdjudicationQueueScreen.tsx';
import { AdjudicationScreen } from './screens/adjudication/AdjudicationScreen.tsx';
import { ArgumentDetailScreen } from './screens/console/ArgumentDetailScreen.tsx';
import { ArgumentsScreen } from './screens/console/ArgumentsScreen.tsx';
import { AssignmentScreen } from './screens/console/AssignmentScreen.tsx';
import { CONSOLE_DATA_PATH, CONSOLE_USERS_PATH } from './screens/console/consolePaths.ts';
import { DataScreen } from './screens/console/DataScreen.tsx';
import { ExtractionsScreen } from './screens/console/ExtractionsScreen.tsx';
import { ProgressScreen } from './screens/console/ProgressScreen.tsx';
import { SampleScreen } from './screens/console/SampleScreen.tsx';
import { UsersScreen } from './screens/console/UsersScreen.tsx';
import { LoginScreen } from './screens/login/LoginScreen.tsx';
import { NotFoundScreen } from './screens/NotFoundScreen.tsx';
import { QueueScreen } from './screens/queue/QueueScreen.tsx';
import { StudyOverviewScreen } from './screens/study/StudyOverviewScreen.tsx';
import { WrongRoleScreen } from './screens/WrongRoleScreen.tsx';
import { WorkspaceScreen } from './screens/workspace/WorkspaceScreen.tsx';
import { useSignedInUser } from './session.ts';

/** Moves focus to each new screen's heading, for keyboard and screen-reader users. */
function RouteFocus() {
  useRouteFocus(useLocation().pathname);
  return null;
}

function LoginRoute() {
  const session = useQuery(sessionQuery);
  const location = useLocation();
  if (session.data) {
    const next = safeNext(new URLSearchParams(location.search).get('next'));
    return <Navigate to={next ?? '/'} replace />;
  }
  return (
    <AppShell user={null}>
      <RouteFocus />
      {session.status === 'error' ? (
        <QueryError error={session.error} onRetry={() => void session.refetch()} />
      ) : session.status === 'pending' ? (
        <Loading>Loading…</Loading>
      ) : (
        <LoginScreen />
      )}
    </AppShell>
  );
}

/** Every screen behind the login: without a session, to /login and back afterwards. */
function SignedIn() {
  const session = useQuery(sessionQuery);
  const location = useLocation();
  if (session.data === undefined)
    return (
      <AppShell user={null}>
        {session.status === 'error' ? (
          <QueryError error={session.error} onRetry={() => void session.refetch()} />
        ) : (
          <Loading>Loading…</Loading>
        )}
      </AppShell>
    );
  if (session.data === null)
    return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />;
  return (
    <AppShell user={session.data}>
      <RouteFocus />
      <Outlet />
    </AppShell>
  );
}

/** `/`: each role lands where its work is, in the first study. */
function Home() {
  const user = useSignedInUser();
  const studies = useQuery(studiesQuery);
  if (studies.status === 'pending') return <Loading>Loading studies…</Loading>;
  if (studies.status === 'error')
    return <QueryError error={studies.error} onRetry={() => void studies.refetch()} />;
  const first = studies.data[0];
  if (first === undefined) return <StudyOverviewScreen />;
  return <Navigate to={homePathFor(user.roles, first.name)} replace />;
}

/** Shows `children` to users holding one of `roles`; everyone else is told where their work is. */
function RequireRole({ roles, children }: { readonly roles: readonly Role[]; readonly children: ReactNode }) {
  const user = useSignedInUser();
  const { study = '' } = useParams();
  if (!roles.some((role) => user.roles.includes(role)))
    return <WrongRoleScreen roles={roles} study={study} />;
  return children;
}

// The report screen draws its charts with Observable Plot: loaded on demand, so the bundle every
// annotator downloads does not carry it.
const ReportScreen = lazy(() => import('./screens/report/ReportScreen.tsx'));

function StudyOverviewRoute() {
  const { study } = useParams();
  return <StudyOverviewScreen studyName={study} />;
}

const router = createBrowserRouter([
  { path: '/login', element: <LoginRoute /> },
  {
    element: <SignedIn />,
    children: [
      { index: true, element: <Home /> },
      {
        path: 'studies/:study',
        element: (
          <RequireRole roles={['admin', 'adjudicator']}>
            <StudyOverviewRoute />
          </RequireRole>
        ),
      },
      {
        path: 'studies/:study/queue',
        element: (
          <RequireRole roles={['annotator']}>
            <QueueScreen />
          </RequireRole>
        ),
      },
      {
        path: 'studies/:study/items/:itemKey',
        element: (
          <RequireRole roles={['annotator']}>
            <WorkspaceScreen />
          </RequireRole>
        ),
      },
      {
        path: 'studies/:study/adjudication',
        element: (
          <RequireRole roles={['adjudicator']}>
            <AdjudicationQueueScreen />
          </RequireRole>
        ),
      },
      {
        path: 'studies/:study/adjudication/:itemKey',
        element: (
          <RequireRole roles={['adjudicator']}>
            <AdjudicationScreen />
          </RequireRole>
        ),
      },
      {
        path: 'studies/:study/report',
        element: (
          <RequireRole roles={['admin', 'adjudicator']}>
            <Suspense fallback={<Loading>Loading the report screen…</Loading>}>
              <ReportScreen />
            </Suspense>
          </RequireRole>
        ),
      },
      {
        path: 'studies/:study/console/assignment',
        element: (
          <RequireRole roles={['admin']}>
            <AssignmentScreen />
          </RequireRole>
        ),
      },
      {
        path: 'studies/:study/console/extractions',
        element: (
          <RequireRole roles={['admin']}>
            <ExtractionsScreen />
          </RequireRole>
        ),
      },
      {
        path: 'studies/:study/console/progress',
        element: (
          <RequireRole roles={['admin']}>
            <ProgressScreen />
          </RequireRole>
        ),
      },
      {
        path: 'studies/:study/console/arguments/:argumentId',
        element: (
          <RequireRole roles={['admin']}>
            <ArgumentDetailScreen />
          </RequireRole>
        ),
      },
      {
        path: 'studies/:study/console/arguments',
        element: (
          <RequireRole roles={['admin']}>
            <ArgumentsScreen />
          </RequireRole>
        ),
      },
      {
        path: 'studies/:study/console/sample',
        element: (
          <RequireRole roles={['admin']}>
            <SampleScreen />
          </RequireRole>
        ),
      },
      {
        path: CONSOLE_DATA_PATH.slice(1),
        element: (
          <RequireRole roles={['admin']}>
            <DataScreen />
          </RequireRole>
        ),
      },
      {
        path: CONSOLE_USERS_PATH.slice(1),
        element: (
          <RequireRole roles={['admin']}>
            <UsersScreen />
          </RequireRole>
        ),
      },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
]);

const queryClient = createQueryClient();

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
