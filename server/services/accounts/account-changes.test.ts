import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../store/open.ts';
import { findUserByName } from '../../store/users.ts';
import { CLI_ACTOR } from '../audit/audit.ts';
import { changeAccount } from './account-changes.ts';
import { createUser } from './users.ts';

async function studyWithAdmins(...admins: string[]) {
  const db = openDatabase(':memory:');
  for (const username of admins)
    await createUser(db, { username, password: 'long-password', roles: ['admin'] });
  await createUser(db, { username: 'alice', password: 'long-password', roles: ['annotator'] });
  return db;
}

describe('changeAccount keeps an admin', () => {
  it('refuses to take the admin role from the last enabled admin, and changes nothing', async () => {
    const db = await studyWithAdmins('root');
    expect(() => changeAccount(db, CLI_ACTOR, 'root', { roles: ['annotator'] })).toThrow(
      /last enabled admin/,
    );
    expect(findUserByName(db, 'root')?.roles).toEqual(['admin']);
  });

  it('refuses to disable the last enabled admin', async () => {
    const db = await studyWithAdmins('root');
    expect(() => changeAccount(db, CLI_ACTOR, 'root', { disabled: true })).toThrow(/give another account/);
    expect(findUserByName(db, 'root')?.disabled).toBe(false);
  });

  it('does not count a disabled admin as another admin', async () => {
    const db = await studyWithAdmins('root', 'spare');
    changeAccount(db, CLI_ACTOR, 'spare', { disabled: true });
    expect(() => changeAccount(db, CLI_ACTOR, 'root', { disabled: true })).toThrow(/last enabled admin/);
  });

  it('lets an admin step down while another enabled admin remains', async () => {
    const db = await studyWithAdmins('root', 'spare');
    expect(changeAccount(db, CLI_ACTOR, 'root', { roles: ['adjudicator'] }).roles).toEqual(['adjudicator']);
    expect(() => changeAccount(db, CLI_ACTOR, 'spare', { disabled: true })).toThrow(/last enabled admin/);
  });

  it('leaves changes to other accounts alone', async () => {
    const db = await studyWithAdmins('root');
    expect(changeAccount(db, CLI_ACTOR, 'alice', { disabled: true }).disabled).toBe(true);
  });
});
