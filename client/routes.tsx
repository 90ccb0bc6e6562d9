import type { ReactNode } from 'react';
import type { SessionUser } from '../shared/api.ts';
import { PATTERNS } from './paths.ts';
import { type Route, route } from './router.ts';
import { StudyOverviewScreen } from './screens/study/StudyOverviewScreen.tsx';

/** What every signed-in screen may use besides its path parameters. */
export interface ScreenContext {
  readonly user: SessionUser;
  readonly search: URLSearchParams;
}

export type Screen = (context: ScreenContext) => ReactNode;

/**
 * The screens behind the login, first match wins (put specific patterns first). `/login` is
 * handled by App itself, since it is the one screen shown without a session.
 */
export const appRoutes: readonly Route<Screen>[] = [
  route(PATTERNS.home, () => () => <StudyOverviewScreen />),
  route(PATTERNS.study, ({ name }) => () => <StudyOverviewScreen studyName={name} />),
];
