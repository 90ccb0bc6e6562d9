import { useQuery } from '@tanstack/react-query';
import type { SessionUser } from '../shared/api.ts';
import { sessionQuery } from './api/auth.ts';

/** The signed-in user, for screens behind the login (App renders them only with a session). */
export function useSignedInUser(): SessionUser {
  const { data } = useQuery(sessionQuery);
  if (!data) throw new Error('useSignedInUser is used outside the signed-in routes');
  return data;
}
