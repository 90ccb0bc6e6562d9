import { Link } from 'react-router';
import type { Role } from '../../shared/api.ts';
import { useDocumentTitle } from '../components/a11y.ts';
import { homePathFor } from '../paths.ts';
import { useSignedInUser } from '../session.ts';

const ROLE_NAMES: Readonly<Record<Role, string>> = {
  admin: 'study admins',
  annotator: 'annotators',
  adjudicator: 'adjudicators',
};

/** A page the account's roles do not reach, and the way to the user's own work. */
export function WrongRoleScreen({
  roles,
  study,
}: {
  readonly roles: readonly Role[];
  readonly study: string;
}) {
  useDocumentTitle('Not for this account');
  const user = useSignedInUser();
  return (
    <div>
      <h1 tabIndex={-1}>This page is for {roles.map((role) => ROLE_NAMES[role]).join(' and ')}</h1>
      <p>
        Your account cannot open it.{' '}
        <Link to={study ? homePathFor(user.roles, study) : '/'}>Go to your work</Link>.
      </p>
    </div>
  );
}
