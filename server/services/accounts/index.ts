export { changeAccount, changePassword } from './account-changes.ts';
export { endSession, generatePassword, logIn, resolveSession, startSession } from './auth.ts';
export { LoginLimiter } from './login-limiter.ts';
export { createUser, listAccounts, type NewUser } from './users.ts';
