import { describe, expect, it } from 'vitest';
import { listAudit } from '../../store/audit-log.ts';
import type { Db } from '../../store/db.ts';
import { openDatabase } from '../../store/open.ts';
import { findUserByName } from '../../store/users.ts';
import { appActor, CLI_ACTOR } from '../audit/audit.ts';
import { changeAccount, changePassword } from './account-changes.ts';
import { createUser } from './users.ts';

async function studyWithAdmins(...admins: string[]) {
  const db = await openDatabase(':memory:');
  for (const username of admins)
    await createUser(db, CLI_ACTOR, { username, password: 'long-password', roles: ['admin'] });
  await createUser(db, CLI_ACTOR, { username: 'alice', password: 'long-password', roles: ['annotator'] });
  return db;
}

describe('changeAccount keeps an admin', () => {
  it('refuses to take the admin role from the last enabled admin, and changes nothing', async () => {
    const db = await studyWithAdmins('root');
    await expect(changeAccount(db, CLI_ACTOR, 'root', { roles: ['annotator'] })).rejects.toThrow(
      /last enabled admin/,
    );
    expect((await findUserByName(db, 'root'))?.roles).toEqual(['admin']);
  });

  it('refuses to disable the last enabled admin', async () => {
    const db = await studyWithAdmins('root');
    await expect(changeAccount(db, CLI_ACTOR, 'root', { disabled: true })).rejects.toThrow(
      /give another account/,
    );
    expect((await findUserByName(db, 'root'))?.disabled).toBe(false);
  });

  it('does not count a disabled admin as another admin', async () => {
    const db = await studyWithAdmins('root', 'spare');
    await changeAccount(db, CLI_ACTOR, 'spare', { disabled: true });
    await expect(changeAccount(db, CLI_ACTOR, 'root', { disabled: true })).rejects.toThrow(
      /last enabled admin/,
    );
  });

  it('lets an admin step down while another enabled admin remains', async () => {
    const db = await studyWithAdmins('root', 'spare');
    expect((await changeAccount(db, CLI_ACTOR, 'root', { roles: ['adjudicator'] })).roles).toEqual([
      'adjudicator',
    ]);
    await expect(changeAccount(db, CLI_ACTOR, 'spare', { disabled: true })).rejects.toThrow(
      /last enabled admin/,
    );
  });

  it('leaves changes to other accounts alone', async () => {
    const db = await studyWithAdmins('root');
    expect((await changeAccount(db, CLI_ACTOR, 'alice', { disabled: true })).disabled).toBe(true);
  });
});

/** The accounts' entries (they belong to no study), oldest first, as `action subject by actor`. */
async function accountTrail(db: Db): Promise<string[]> {
  return (await listAudit(db, { studyId: 0, limit: 100 })).map(
    (entry) => `${entry.action} ${entry.subject} by ${entry.actor ?? entry.via}`,
  );
}

describe('each account change writes its own audit entry', () => {
  it('records the creation, the password, the roles and the status with their actor', async () => {
    const db = await studyWithAdmins('root');
    const root = appActor({ username: 'root' });
    await createUser(db, root, { username: 'erin', password: 'erin-password', roles: ['annotator'] });
    await changePassword(db, root, 'erin', 'erin-new-password');
    await changeAccount(db, root, 'erin', { roles: ['adjudicator'], disabled: true });
    await changeAccount(db, root, 'erin', { disabled: false });
    expect(await accountTrail(db)).toEqual([
      'user.create root by cli',
      'user.create alice by cli',
      'user.create erin by root',
      'user.password erin by root',
      'user.roles erin by root',
      'user.disable erin by root',
      'user.enable erin by root',
    ]);
  });

  it('writes no entry for a change refused', async () => {
    const db = await studyWithAdmins('root');
    await expect(
      createUser(db, CLI_ACTOR, { username: 'ALICE', password: 'long-password', roles: ['annotator'] }),
    ).rejects.toThrow(/already exists/);
    await expect(changePassword(db, CLI_ACTOR, 'alice', 'short')).rejects.toThrow(/at least/);
    await expect(changeAccount(db, CLI_ACTOR, 'root', { disabled: true })).rejects.toThrow(
      /last enabled admin/,
    );
    expect(await accountTrail(db)).toEqual(['user.create root by cli', 'user.create alice by cli']);
  });
});
