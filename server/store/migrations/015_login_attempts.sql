-- The login limiter's counts (server/services/accounts/login-limiter.ts), in the database so that every
-- app server on one database sees the same failures and attempts under way (issue 26). One row per
-- failed login, or per attempt under way (pending = 1: reserved, its password not yet checked), for one
-- key: the SHA-256 digest (base64url, 43 characters) of a client address, of a user name with an
-- address, or of a user name, never the name or address itself. at_ms is the time in ms since the epoch.
-- Bounded by the limiter as it goes: each key keeps at most its limit of failure rows, failures older
-- than the window and attempts under way older than their expiry (a crashed server's) are deleted.
CREATE TABLE login_attempts (
  id INTEGER PRIMARY KEY,
  key_hash TEXT NOT NULL CHECK (length(key_hash) = 43),
  at_ms INTEGER NOT NULL,
  pending INTEGER NOT NULL CHECK (pending IN (0, 1))
);
-- A key's failures (or attempts under way) within the window, newest last.
CREATE INDEX login_attempts_by_key ON login_attempts (key_hash, pending, at_ms);
-- The rows past the window or their expiry, oldest first.
CREATE INDEX login_attempts_by_time ON login_attempts (at_ms);
