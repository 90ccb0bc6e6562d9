import type { Command } from 'commander';
import { z } from 'zod';
import {
  changeAccount,
  changePassword,
  createUser,
  generatePassword,
  listAccounts,
} from '../../server/services/accounts/index.ts';
import { CLI_ACTOR } from '../../server/services/audit/index.ts';
import type { Db } from '../../server/store/db.ts';
import { roleSchema } from '../../shared/api.ts';
import { CliExit, type CliIo, type GlobalOptions, withDatabase } from '../io.ts';

const collect = (value: string, previous: string[]) => [...previous, value];

export function registerUser(program: Command, io: CliIo, globals: () => GlobalOptions): void {
  const user = program.command('user').description('manage accounts: add, list, passwd, disable, enable');
  const withDb = <T>(work: (db: Db) => T | Promise<T>) => withDatabase(globals, io, work, { create: true });

  user
    .command('add')
    .argument('<username>')
    .option('--role <role>', 'admin|annotator|adjudicator (repeat for several)', collect, [])
    .option('--display-name <name>', 'the name shown in the app')
    .option('--password <password>', 'initial password (default: a generated one, printed once)')
    .action(
      async (username: string, options: { role: string[]; displayName?: string; password?: string }) => {
        const roles = z.array(roleSchema).safeParse(options.role.length > 0 ? options.role : ['annotator']);
        if (!roles.success) {
          io.stderr(
            `error: a role is one of admin, annotator, adjudicator (got ${options.role.join(', ')})\n`,
          );
          throw new CliExit(1);
        }
        const password = options.password ?? generatePassword();
        await withDb(async (db) => {
          await createUser(db, CLI_ACTOR, {
            username,
            password,
            roles: roles.data,
            ...(options.displayName === undefined ? {} : { displayName: options.displayName }),
          });
        });
        io.stdout(`added ${username} (${roles.data.join(', ')})\n`);
        if (options.password === undefined) io.stdout(`password: ${password}\n`);
      },
    );

  user
    .command('list')
    .option('--json', 'print JSON', false)
    .action(async (options: { json: boolean }) => {
      await withDb(async (db) => {
        const users = (await listAccounts(db)).map(
          ({ username, displayName, roles, disabled, passwordHash }) => ({
            username,
            displayName,
            roles,
            disabled,
            canLogIn: passwordHash !== null && !disabled,
          }),
        );
        if (options.json) io.stdout(`${JSON.stringify(users, null, 2)}\n`);
        else if (users.length === 0)
          io.stdout('no accounts yet; add one with: npm run -s cli -- user add NAME --role admin\n');
        else
          for (const entry of users)
            io.stdout(
              `${entry.username.padEnd(16)} ${entry.roles.join(',').padEnd(32)} ${entry.disabled ? 'disabled' : entry.canLogIn ? 'active' : 'no password'}\n`,
            );
      });
    });

  user
    .command('passwd')
    .argument('<username>')
    .option('--password <password>', 'the new password (default: a generated one, printed once)')
    .action(async (username: string, options: { password?: string }) => {
      const password = options.password ?? generatePassword();
      await withDb((db) => changePassword(db, CLI_ACTOR, username, password));
      io.stdout(`changed the password of ${username}; their sessions were ended\n`);
      if (options.password === undefined) io.stdout(`password: ${password}\n`);
    });

  for (const [name, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    user
      .command(name)
      .argument('<username>')
      .action(async (username: string) => {
        await withDb(async (db) => await changeAccount(db, CLI_ACTOR, username, { disabled }));
        io.stdout(
          `${name}d ${username}${disabled ? '; their sessions were ended (their work is kept)' : ''}\n`,
        );
      });
  }
}
