import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verify } from '@node-rs/argon2';
import type { Express } from 'express';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LOGIN_LIMITS } from '../server/services/accounts/login-limiter.ts';
import { addUser, testApp } from './support/app.ts';

// Every password check goes through argon2's verify; counting its calls counts the checks.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...actual, verify: vi.fn(actual.verify) };
});

const servers: Server[] = [];

/** The app on a real port, so parallel requests are parallel connections. */
async function listening(app: Express): Promise<string> {
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function logIn(base: string, username: string, password: string, forwardedFor?: string) {
  return fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }),
    },
    body: JSON.stringify({ username, password }),
  });
}

beforeEach(() => {
  vi.mocked(verify).mockClear();
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

describe('failed logins under concurrency', () => {
  it('checks at most the limit of 100 parallel wrong passwords, and the owner still gets in from elsewhere', {
    timeout: 30_000,
  }, async () => {
    // The proxy on loopback tells the owner's address apart from the attacker's.
    const { app, db } = await testApp({ trustProxy: ['loopback'] });
    await addUser(db, 'alice', ['annotator']);
    const base = await listening(app);
    vi.mocked(verify).mockClear();

    const answers = await Promise.all(
      Array.from({ length: 100 }, () => logIn(base, 'alice', 'wrong-password', '198.51.100.7')),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(vi.mocked(verify).mock.calls.length).toBeLessThanOrEqual(DEFAULT_LOGIN_LIMITS.perUserAndAddress);
    expect(statuses.filter((status) => status === 401)).toHaveLength(DEFAULT_LOGIN_LIMITS.perUserAndAddress);
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      100 - DEFAULT_LOGIN_LIMITS.perUserAndAddress,
    );
    const refused = answers.find((answer) => answer.status === 429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);

    // The owner, at another address, is slowed down (by at most the bounded delay), never refused.
    const started = Date.now();
    const owner = await logIn(base, 'alice', 'alice-password', '203.0.113.20');
    expect(owner.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(DEFAULT_LOGIN_LIMITS.maxDelayMs + 2_000);
  });
});

describe('failed logins on two app servers sharing one database', () => {
  it('checks at most the limit of 100 parallel wrong passwords spread over both', {
    timeout: 30_000,
  }, async () => {
    const first = await testApp({ trustProxy: ['loopback'] });
    const second = await testApp({ db: first.db, trustProxy: ['loopback'] });
    await addUser(first.db, 'alice', ['annotator']);
    const bases = [await listening(first.app), await listening(second.app)];
    vi.mocked(verify).mockClear();

    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        logIn(bases[index % 2] ?? '', 'alice', 'wrong-password', '198.51.100.7'),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(vi.mocked(verify).mock.calls.length).toBeLessThanOrEqual(DEFAULT_LOGIN_LIMITS.perUserAndAddress);
    expect(statuses.filter((status) => status === 401)).toHaveLength(DEFAULT_LOGIN_LIMITS.perUserAndAddress);
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      100 - DEFAULT_LOGIN_LIMITS.perUserAndAddress,
    );
    // Either server now refuses the name from that address; the owner gets in from hers.
    for (const base of bases)
      expect((await logIn(base, 'alice', 'alice-password', '198.51.100.7')).status).toBe(429);
    expect((await logIn(bases[1] ?? '', 'alice', 'alice-password', '203.0.113.20')).status).toBe(200);
  });
});

describe('the client address', () => {
  // Three failures per address; each attempt names another user, so only the address limit counts.
  const loginLimits = { perAddress: 3 };
  const rotate = async (app: Express) => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1)
      statuses.push(
        (
          await request(app)
            .post('/api/auth/login')
            .set('X-Forwarded-For', `198.51.100.${attempt + 1}`)
            .send({ username: `nobody${attempt}`, password: 'wrong-password' })
        ).status,
      );
    return statuses;
  };

  it('ignores X-Forwarded-For by default: a client cannot name a fresh address per attempt', async () => {
    const { app } = await testApp({ loginLimits });
    expect(await rotate(app)).toEqual([401, 401, 401, 429, 429]);
  });

  it('honours X-Forwarded-For from the proxies TRUST_PROXY names', async () => {
    const { app } = await testApp({ loginLimits, trustProxy: ['loopback'] });
    expect(await rotate(app)).toEqual([401, 401, 401, 401, 401]);
  });
});

describe('the memory a failed login may take', () => {
  it('refuses an oversized user name or password before the limiter counts it', async () => {
    const { app, loginLimiter } = await testApp();
    const longName = await request(app)
      .post('/api/auth/login')
      .send({ username: 'x'.repeat(65), password: 'whatever-password' })
      .expect(400);
    expect(longName.body.error.message).toBe('username: A user name has at most 64 characters');
    await request(app)
      .post('/api/auth/login')
      .send({ username: 'alice', password: 'p'.repeat(1025) })
      .expect(400);
    // 1.9 MB names used to be kept for 15 minutes each.
    await request(app)
      .post('/api/auth/login')
      .send({ username: 'x'.repeat(1_900_000), password: 'whatever-password' })
      .expect((answer) => expect(answer.status).toBeGreaterThanOrEqual(400));
    expect(await loginLimiter.size()).toBe(0);
    expect(vi.mocked(verify)).not.toHaveBeenCalled();
  });
});
