import { useState } from 'react';

/**
 * A password the server generated, shown once: the admin copies it (or reads it out) and hands it
 * over; it is not stored in the page's cache and is gone when dismissed or the page is left.
 */
export function OneTimePassword({
  username,
  password,
  onDismiss,
}: {
  readonly username: string;
  readonly password: string;
  readonly onDismiss: () => void;
}) {
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <section className="notice notice-info one-time-password" aria-labelledby="one-time-password-title">
      <h2 id="one-time-password-title" className="panel-title">
        Password for {username}
      </h2>
      <p>
        Shown once: copy it now and give it to {username} in person or by a private channel. It cannot be
        shown again (reset it to get a new one).
      </p>
      <p className="one-time-password-row">
        <code data-testid="one-time-password">{password}</code>
        <button type="button" className="button-secondary button-small" onClick={() => void copy()}>
          Copy
        </button>
        <button type="button" className="button-secondary button-small" onClick={onDismiss}>
          Done
        </button>
      </p>
      <p role="status" className="muted">
        {copied === 'yes'
          ? 'Copied to the clipboard.'
          : copied === 'failed'
            ? 'The browser refused to copy: select the password and copy it by hand.'
            : ''}
      </p>
    </section>
  );
}
