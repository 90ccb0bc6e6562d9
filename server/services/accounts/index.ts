export { addAccount, changeAccount, setAccountPassword } from './account-changes.ts';
export { endSession, logIn, resolveSession, startSession } from './auth.ts';
export { LoginLimiter } from './login-limiter.ts';
export { generatePassword } from './user-admin.ts';
export { listAccounts } from './users.ts';
