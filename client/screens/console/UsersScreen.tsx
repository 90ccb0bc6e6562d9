import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { AdminUser } from '../../../shared/admin-api.ts';
import { type Role, roleSchema } from '../../../shared/api.ts';
import { createUser, resetPassword, USERS_KEY, updateUser, usersQuery } from '../../api/console.ts';
import { ApiError } from '../../api/errors.ts';
import { useDocumentTitle } from '../../components/a11y.ts';
import { Loading, QueryError } from '../../components/Status.tsx';
import { OneTimePassword } from './OneTimePassword.tsx';
import './console.css';
import { DataTable } from '../../components/DataTable.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { PanelForm } from '../../components/PanelForm.tsx';

const ROLES: readonly Role[] = roleSchema.options;

const ROLE_HINT: Readonly<Record<Role, string>> = {
  admin: 'runs the study',
  annotator: 'annotates assigned items',
  adjudicator: 'resolves disagreements',
};

interface Secret {
  readonly username: string;
  readonly password: string;
}

function AddUserForm({ onCreated }: { readonly onCreated: (secret: Secret | null) => void }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [username, setUsername] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [roles, setRoles] = useState<Role[]>(['annotator']);
  const add = useMutation({
    mutationFn: createUser,
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: USERS_KEY });
      onCreated(
        created.password === undefined
          ? null
          : { username: created.user.username, password: created.password },
      );
      setUsername('');
      setDisplayName('');
      setRoles(['annotator']);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = displayName.trim();
    add.mutate({ username: username.trim(), roles, ...(name === '' ? {} : { displayName: name }) });
  };
  return (
    <PanelForm id={id} title="Add an account" onSubmit={submit}>
      <div className="console-form">
        <div className="field">
          <label htmlFor={`${id}-username`}>User name</label>
          <input
            id={`${id}-username`}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            required
            maxLength={40}
            autoComplete="off"
            aria-describedby={`${id}-username-hint`}
          />
          <span id={`${id}-username-hint`} className="hint">
            2–40 letters, digits, “.”, “_” or “-”
          </span>
        </div>
        <div className="field">
          <label htmlFor={`${id}-display`}>Display name (optional)</label>
          <input
            id={`${id}-display`}
            value={displayName}
            onChange={(event) => setDisplayName(event.target.value)}
            maxLength={100}
            autoComplete="off"
          />
        </div>
        <fieldset className="field role-checks">
          <legend>Roles</legend>
          {ROLES.map((role) => (
            <label key={role} className="check-inline">
              <input
                type="checkbox"
                checked={roles.includes(role)}
                onChange={(event) =>
                  setRoles((current) =>
                    event.target.checked ? [...current, role] : current.filter((held) => held !== role),
                  )
                }
              />
              {role} <span className="muted">({ROLE_HINT[role]})</span>
            </label>
          ))}
        </fieldset>
        <div className="field">
          <button type="submit" className="button-primary" disabled={add.isPending}>
            {add.isPending ? 'Adding…' : 'Add account'}
          </button>
        </div>
      </div>
      <p className="hint">A password is generated and shown once, to hand over.</p>
      {add.isError && (
        <p role="alert" className="form-alert">
          {add.error.message}
        </p>
      )}
    </PanelForm>
  );
}

function UserRow({
  user,
  onSecret,
  onError,
}: {
  readonly user: AdminUser;
  readonly onSecret: (secret: Secret) => void;
  readonly onError: (error: ApiError | null) => void;
}) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: USERS_KEY });
  const [askedRoles, setAskedRoles] = useState<Role[] | null>(null);
  const change = useMutation({
    mutationFn: (body: { roles?: Role[]; disabled?: boolean }) => updateUser(user.username, body),
    onSuccess: (changed) => {
      onError(null);
      // The answer is the account as now stored: show it at once, then reread the list.
      queryClient.setQueryData(USERS_KEY, (list: AdminUser[] | undefined) =>
        list?.map((listed) => (listed.username === changed.username ? changed : listed)),
      );
      refresh();
    },
    onError: (error: ApiError) => onError(error),
    onSettled: () => setAskedRoles(null),
  });
  const reset = useMutation({
    mutationFn: () => resetPassword(user.username),
    onSuccess: (answer) => {
      onError(null);
      refresh();
      if (answer.password !== undefined) onSecret({ username: user.username, password: answer.password });
    },
    onError: (error: ApiError) => onError(error),
  });
  const busy = change.isPending || reset.isPending;
  // While a role change is on its way, the boxes show what was asked for.
  const shownRoles = askedRoles ?? user.roles;
  const toggleRole = (role: Role, on: boolean) => {
    const roles = on ? [...user.roles, role] : user.roles.filter((held) => held !== role);
    if (roles.length === 0) {
      onError(
        new ApiError({
          status: 400,
          code: 'validation_failed',
          message: `An account needs at least one role: to stop ${user.username} logging in, disable the account instead.`,
        }),
      );
      return;
    }
    const ordered = ROLES.filter((known) => roles.includes(known));
    setAskedRoles(ordered);
    change.mutate({ roles: ordered });
  };
  return (
    <tr className={user.disabled ? 'is-disabled' : undefined}>
      <th scope="row">
        {user.username}
        {user.displayName !== user.username && <span className="muted"> · {user.displayName}</span>}
      </th>
      <td>
        <fieldset className="role-checks" disabled={busy}>
          <legend className="visually-hidden">Roles of {user.username}</legend>
          {ROLES.map((role) => (
            <label key={role} className="check-inline">
              <input
                type="checkbox"
                checked={shownRoles.includes(role)}
                onChange={(event) => toggleRole(role, event.target.checked)}
              />
              {role}
            </label>
          ))}
        </fieldset>
      </td>
      <td>
        {user.disabled ? (
          <span className="status status-todo">Disabled</span>
        ) : user.canLogIn ? (
          <span className="status status-submitted">Active</span>
        ) : (
          <span className="status status-draft">No password</span>
        )}
      </td>
      <td className="row-actions-cell">
        <div className="row-actions">
          <button
            type="button"
            className="button-secondary button-small"
            disabled={busy}
            onClick={() => change.mutate({ disabled: !user.disabled })}
          >
            {user.disabled ? 'Enable' : 'Disable'} <span className="visually-hidden">{user.username}</span>
          </button>
          <button
            type="button"
            className="button-secondary button-small"
            disabled={busy}
            onClick={() => {
              if (window.confirm(`Give ${user.username} a new password? Their sessions end now.`))
                reset.mutate();
            }}
          >
            Reset password <span className="visually-hidden">of {user.username}</span>
          </button>
        </div>
      </td>
    </tr>
  );
}

/**
 * Accounts (role `admin`): add one with roles (its generated password shown once), change roles,
 * disable or enable, reset a password. The same services as `npm run -s cli -- user …`; the last
 * enabled admin cannot remove their role or disable themselves (the server answers 409, shown here).
 */
export function UsersScreen() {
  const users = useQuery(usersQuery);
  const [secret, setSecret] = useState<Secret | null>(null);
  const [actionError, setActionError] = useState<ApiError | null>(null);
  useDocumentTitle('Users · study console');

  return (
    <div className="console-page">
      <PageHeading eyebrow="Study console" title="Users" />
      {secret && <OneTimePassword {...secret} onDismiss={() => setSecret(null)} />}
      <AddUserForm onCreated={setSecret} />
      {actionError && (
        <div role="alert" className="notice notice-error">
          <p>{actionError.message}</p>
        </div>
      )}
      {users.status === 'pending' ? (
        <Loading>Loading accounts…</Loading>
      ) : users.status === 'error' ? (
        <QueryError error={users.error} onRetry={() => void users.refetch()} />
      ) : (
        <DataTable
          caption={<>Accounts, by user name ({users.data.length})</>}
          heads={
            <>
              <th scope="col">User</th>
              <th scope="col">Roles</th>
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </>
          }
        >
          {users.data.map((user) => (
            <UserRow key={user.username} user={user} onSecret={setSecret} onError={setActionError} />
          ))}
        </DataTable>
      )}
    </div>
  );
}
