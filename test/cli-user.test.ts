import { describe, expect, it } from 'vitest';
import { cliSandbox } from './support/cli.ts';

describe('cli user', () => {
  it('adds an account with a generated password, lists, disables and re-enables it', async () => {
    const sandbox = cliSandbox();
    const added = await sandbox.run('user', 'add', 'alice', '--role', 'annotator', '--role', 'adjudicator');
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toMatch(/password: [A-Za-z0-9]{16}\n/);
    const listed = JSON.parse((await sandbox.run('user', 'list', '--json')).stdout);
    expect(listed).toEqual([
      {
        username: 'alice',
        displayName: 'alice',
        roles: ['annotator', 'adjudicator'],
        disabled: false,
        canLogIn: true,
      },
    ]);
    expect((await sandbox.run('user', 'disable', 'alice')).code).toBe(0);
    expect(JSON.parse((await sandbox.run('user', 'list', '--json')).stdout)[0].disabled).toBe(true);
    expect((await sandbox.run('user', 'enable', 'alice')).code).toBe(0);
  });

  it('refuses an unknown role, a duplicate, a short password and an unknown user with messages', async () => {
    const sandbox = cliSandbox();
    expect((await sandbox.run('user', 'add', 'bob', '--role', 'boss')).stderr).toContain(
      'a role is one of admin, annotator, adjudicator',
    );
    await sandbox.run('user', 'add', 'bob', '--password', 'long-enough-1');
    expect((await sandbox.run('user', 'add', 'bob')).stderr).toContain('already exists');
    expect((await sandbox.run('user', 'passwd', 'bob', '--password', 'short')).stderr).toContain(
      'at least 8 characters',
    );
    const unknown = await sandbox.run('user', 'passwd', 'zed');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('The user "zed"');
  });
});

describe('cli demo', () => {
  it('loads the demo study into an empty database, and only there', async () => {
    const sandbox = cliSandbox();
    const loaded = await sandbox.run('demo');
    expect(loaded.code, loaded.stderr).toBe(0);
    const overview = JSON.parse((await sandbox.run('status', '--json')).stdout);
    expect(overview.triplesByMode).toEqual({ arguable: 30, reordered: 30, non_arguable: 30 });
    expect(overview.totals.arguments).toBe(720);
    expect(overview.totals).toMatchObject({ extractions: 720, failedExtractions: 0 });
    expect(overview.extractors).toEqual([{ name: 'rules', extracted: 720, failed: 0 }]);
    const users = JSON.parse((await sandbox.run('user', 'list', '--json')).stdout).map(
      (user: { username: string }) => user.username,
    );
    expect(users).toEqual(['admin', 'alice', 'bob', 'carol']);
    const again = await sandbox.run('demo');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already holds data');
  });
});
