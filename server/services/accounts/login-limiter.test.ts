import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../store/db.ts';
import { openDatabase } from '../../store/open.ts';
import { type LoginAttempt, LoginLimiter, type LoginLimits, type Reservation } from './login-limiter.ts';

function attemptOf(reservation: Reservation): LoginAttempt {
  if (!reservation.ok) throw new Error(`refused for ${reservation.retryAfterMs} ms`);
  return reservation.attempt;
}

const opened: Db[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.close();
});

/** A fresh database (SQLite in memory, or PostgreSQL in the `postgres` project). */
async function freshDb(): Promise<Db> {
  const db = await openDatabase(':memory:');
  opened.push(db);
  return db;
}

/** A limiter on a fresh database. */
async function limiterOf(limits: Partial<LoginLimits> = {}, now?: () => number): Promise<LoginLimiter> {
  return new LoginLimiter(await freshDb(), limits, now);
}

describe('LoginLimiter', () => {
  it('refuses a name from an address after its limit, until the oldest failure leaves the window', async () => {
    let now = 0;
    const limiter = await limiterOf({ perUserAndAddress: 3, windowMs: 10_000 }, () => now);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await attemptOf(await limiter.reserve('bob', '10.0.0.1')).failed();
      now += 1_000;
    }
    expect(await limiter.reserve('bob', '10.0.0.1')).toEqual({ ok: false, retryAfterMs: 7_000 });
    now = 10_001;
    expect((await limiter.reserve('bob', '10.0.0.1')).ok).toBe(true);
  });

  it('counts an attempt under way, so parallel attempts cannot pass one check together', async () => {
    const limiter = await limiterOf({ perUserAndAddress: 3 });
    const reserved = await Promise.all(Array.from({ length: 10 }, () => limiter.reserve('bob', '10.0.0.1')));
    expect(reserved.filter((reservation) => reservation.ok)).toHaveLength(3);
  });

  it('gives the room back when an attempt is abandoned, and keeps it when it failed', async () => {
    const limiter = await limiterOf({ perUserAndAddress: 1 });
    await attemptOf(await limiter.reserve('bob', 'a')).abandoned();
    const attempt = attemptOf(await limiter.reserve('bob', 'a'));
    await attempt.failed();
    await attempt.abandoned(); // after failed: nothing more happens
    expect((await limiter.reserve('bob', 'a')).ok).toBe(false);
  });

  it('never refuses the name from another address: strangers cannot lock the owner out', async () => {
    const limiter = await limiterOf({ perUserAndAddress: 2 });
    for (let attempt = 0; attempt < 2; attempt += 1)
      await attemptOf(await limiter.reserve('alice', 'stranger')).failed();
    expect((await limiter.reserve('alice', 'stranger')).ok).toBe(false);
    expect((await limiter.reserve('alice', 'owner')).ok).toBe(true);
  });

  it('refuses an address that fails with many names', async () => {
    const limiter = await limiterOf({ perAddress: 3 });
    for (const name of ['a1', 'a2', 'a3']) await attemptOf(await limiter.reserve(name, 'spray')).failed();
    expect((await limiter.reserve('a4', 'spray')).ok).toBe(false);
    expect((await limiter.reserve('a4', 'elsewhere')).ok).toBe(true);
  });

  it('slows a name down as it fails from anywhere: doubling, bounded', async () => {
    const limiter = await limiterOf({ slowdownAfter: 2, baseDelayMs: 100, maxDelayMs: 500 });
    const delays: number[] = [];
    for (let failure = 0; failure < 7; failure += 1) {
      const attempt = attemptOf(await limiter.reserve('Alice', `address-${failure}`));
      delays.push(attempt.delayMs);
      await attempt.failed();
    }
    expect(delays).toEqual([0, 0, 100, 200, 400, 500, 500]);
    // Names compare case-insensitively: "alice" is the same slowed-down name.
    expect(attemptOf(await limiter.reserve('alice', 'owner')).delayMs).toBe(500);
  });

  it("forgets a name's failures from an address when it logs in there", async () => {
    const limiter = await limiterOf({ perUserAndAddress: 2 });
    await attemptOf(await limiter.reserve('bob', 'a')).failed();
    await attemptOf(await limiter.reserve('bob', 'a')).succeeded();
    await attemptOf(await limiter.reserve('bob', 'a')).failed();
    expect((await limiter.reserve('bob', 'a')).ok).toBe(true);
  });

  it('keeps at most maxKeys keys, of a fixed size however long the name', { timeout: 120_000 }, async () => {
    const db = await freshDb();
    const limiter = new LoginLimiter(db, { maxKeys: 100 });
    for (let attempt = 0; attempt < 1_000; attempt += 1)
      await attemptOf(
        await limiter.reserve(`${'x'.repeat(100_000)}${attempt}`, `10.0.${attempt >> 8}.${attempt & 255}`),
      ).failed();
    expect(await limiter.size()).toBe(100);
    const lengths = await db.all<{ length: number }>(
      'SELECT DISTINCT length(key_hash) AS length FROM login_attempts',
    );
    expect(lengths).toEqual([{ length: 43 }]);
  });

  it('takes no room for successful logins', async () => {
    const limiter = await limiterOf();
    for (let attempt = 0; attempt < 50; attempt += 1)
      await attemptOf(await limiter.reserve(`user${attempt}`, `10.0.0.${attempt}`)).succeeded();
    expect(await limiter.size()).toBe(0);
  });

  it('keeps each key to its limit of failures, and drops failures out of the window', async () => {
    let now = 0;
    const db = await freshDb();
    // The name's delay stops growing at its 6th failure (2 + log2(500 / 100) rounded up + 1): 6 are kept.
    const limits = { slowdownAfter: 2, baseDelayMs: 100, maxDelayMs: 500, windowMs: 10_000 };
    const limiter = new LoginLimiter(db, limits, () => now);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await attemptOf(await limiter.reserve('alice', `address-${attempt}`)).failed();
      now += 10;
    }
    const byKey = await db.all<{ n: number }>(
      'SELECT count(*) AS n FROM login_attempts GROUP BY key_hash ORDER BY n DESC',
    );
    expect(byKey.map((row) => row.n)).toEqual([6, ...Array.from({ length: 20 }, () => 1)]);
    now += 10_000;
    await attemptOf(await limiter.reserve('other', 'b')).failed();
    // The failure's housekeeping dropped every failure out of the window: only its own three rows stay.
    expect((await db.first<{ n: number }>('SELECT count(*) AS n FROM login_attempts'))?.n).toBe(3);
  });
});

describe('LoginLimiter on one database shared by several app servers', () => {
  it('shares the counts: failures through one server refuse through the other', async () => {
    const db = await freshDb();
    const first = new LoginLimiter(db, { perUserAndAddress: 3, perAddress: 5 });
    const second = new LoginLimiter(db, { perUserAndAddress: 3, perAddress: 5 });
    for (let attempt = 0; attempt < 3; attempt += 1)
      await attemptOf(await first.reserve('bob', 'a')).failed();
    expect((await second.reserve('bob', 'a')).ok).toBe(false);
    expect((await second.reserve('Bob', 'a')).ok).toBe(false);
    // The address limit counts across both too: two more failures from it through the second fill it.
    for (const name of ['carol', 'dave']) await attemptOf(await second.reserve(name, 'a')).failed();
    expect((await first.reserve('erin', 'a')).ok).toBe(false);
    expect((await first.reserve('erin', 'b')).ok).toBe(true);
    // A success through one forgets the name's failures from that address for both.
    const db2 = await freshDb();
    const one = new LoginLimiter(db2, { perUserAndAddress: 2 });
    const two = new LoginLimiter(db2, { perUserAndAddress: 2 });
    await attemptOf(await one.reserve('bob', 'a')).failed();
    await attemptOf(await two.reserve('bob', 'a')).succeeded();
    await attemptOf(await one.reserve('bob', 'a')).failed();
    expect((await two.reserve('bob', 'a')).ok).toBe(true);
  });

  it('lets no more than perUserAndAddress checks run for parallel reserves through both', async () => {
    const db = await freshDb();
    const servers = [
      new LoginLimiter(db, { perUserAndAddress: 4 }),
      new LoginLimiter(db, { perUserAndAddress: 4 }),
    ];
    const reserved = await Promise.all(
      Array.from({ length: 30 }, (_, index) => servers[index % 2]?.reserve('bob', '10.0.0.1')),
    );
    const admitted = reserved.filter((reservation) => reservation?.ok);
    expect(admitted).toHaveLength(4);
    // While those four run, neither server admits another; once they failed, still none.
    expect((await servers[0]?.reserve('bob', '10.0.0.1'))?.ok).toBe(false);
    await Promise.all(
      admitted.map((reservation) => (reservation?.ok ? reservation.attempt.failed() : undefined)),
    );
    const after = await Promise.all(
      Array.from({ length: 10 }, (_, index) => servers[index % 2]?.reserve('bob', '10.0.0.1')),
    );
    expect(after.filter((reservation) => reservation?.ok)).toHaveLength(0);
  });

  it("stops counting an attempt under way once it expired (a crashed server's)", async () => {
    let now = 1_000_000;
    const db = await freshDb();
    const limits = { perUserAndAddress: 2, pendingExpiryMs: 60_000 };
    const crashed = new LoginLimiter(db, limits, () => now);
    const alive = new LoginLimiter(db, limits, () => now);
    // The first server reserves two attempts and dies before ending them: the name is full from there.
    attemptOf(await crashed.reserve('bob', 'a'));
    attemptOf(await crashed.reserve('bob', 'a'));
    expect(await alive.reserve('bob', 'a')).toEqual({ ok: false, retryAfterMs: 1_000 });
    now += 59_999;
    expect((await alive.reserve('bob', 'a')).ok).toBe(false);
    now += 1;
    const attempt = attemptOf(await alive.reserve('bob', 'a'));
    await attempt.failed();
    // The expired rows went with the reserve: one failure remains, and one attempt under way fits.
    expect(
      (await db.first<{ n: number }>('SELECT count(*) AS n FROM login_attempts WHERE pending = 1'))?.n,
    ).toBe(0);
    expect((await alive.reserve('bob', 'a')).ok).toBe(true);
  });
});
