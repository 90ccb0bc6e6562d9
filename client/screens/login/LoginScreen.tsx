import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { loginRequestSchema } from '../../../shared/api.ts';
import { login } from '../../api/auth.ts';
import { SESSION_KEY } from '../../api/queryClient.ts';
import { useDocumentTitle } from '../../components/a11y.ts';

type Field = 'username' | 'password';

/**
 * Log in. On success the session is stored in the query cache and App takes the user on
 * (to `?next=` or the study overview); on failure the server's message goes to the alert region.
 */
export function LoginScreen() {
  useDocumentTitle('Log in');
  const id = useId();
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState<{ field: Field; message: string } | null>(null);

  const queryClient = useQueryClient();
  const signIn = useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      // A new user: nothing the last one loaded may show through.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
      queryClient.setQueryData(SESSION_KEY, user);
    },
    onError: (error) => {
      if (error.code === 'unauthenticated') setPassword('');
      passwordRef.current?.focus();
    },
  });
  const pending = signIn.isPending;

  useEffect(() => {
    usernameRef.current?.focus();
  }, []);

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (pending) return;
    const parsed = loginRequestSchema.safeParse({ username, password });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field: Field = issue?.path[0] === 'password' ? 'password' : 'username';
      signIn.reset();
      setInvalid({ field, message: issue?.message ?? 'Enter your user name and password.' });
      (field === 'password' ? passwordRef : usernameRef).current?.focus();
      return;
    }
    setInvalid(null);
    signIn.mutate(parsed.data);
  }

  const alertId = `${id}-alert`;
  const message = invalid?.message ?? signIn.error?.message ?? '';
  const describe = (field: Field) => (invalid?.field === field ? alertId : undefined);

  return (
    <div className="login">
      <h1 tabIndex={-1}>Log in</h1>
      <p className="tagline">factor-audit — a human gold standard for LLM-generated legal arguments</p>
      <form className="login-form" onSubmit={onSubmit} noValidate aria-busy={pending}>
        <div className="field">
          <label htmlFor={`${id}-username`}>User name</label>
          <input
            ref={usernameRef}
            id={`${id}-username`}
            name="username"
            type="text"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            aria-invalid={invalid?.field === 'username' || undefined}
            aria-describedby={describe('username')}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-password`}>Password</label>
          <input
            ref={passwordRef}
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={invalid?.field === 'password' || undefined}
            aria-describedby={describe('password')}
          />
        </div>
        <div id={alertId} role="alert" className="form-alert">
          {message}
        </div>
        <button type="submit" className="button-primary" disabled={pending}>
          {pending ? 'Logging in…' : 'Log in'}
        </button>
      </form>
    </div>
  );
}
