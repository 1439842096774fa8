import { describe, expect, it } from 'vitest';
import { createParseLimiter, parseLimiterOf } from './parse-limiter';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the file parse limiter', () => {
  it('runs at most K files at once and gives turns in arrival order', async () => {
    const limiter = createParseLimiter(2);
    const started: number[] = [];
    const finish = new Map<number, () => void>();
    let running = 0;
    let most = 0;
    const task = (n: number) =>
      limiter.run(async () => {
        started.push(n);
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => finish.set(n, resolve));
        running--;
        return n;
      });
    const results = [1, 2, 3, 4, 5].map(task);
    await tick();
    expect(started).toEqual([1, 2]);
    expect([limiter.active, limiter.waiting]).toEqual([2, 3]);
    finish.get(2)!(); // the second ends first: the third (not a later one) takes its turn
    await tick();
    await tick();
    expect(started).toEqual([1, 2, 3]);
    finish.get(1)!();
    await tick();
    await tick();
    expect(started).toEqual([1, 2, 3, 4]);
    finish.get(3)!();
    finish.get(4)!();
    await tick();
    await tick();
    finish.get(5)!();
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4, 5]);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect([limiter.active, limiter.waiting]).toEqual([0, 0]);
  });

  it('gives the turn back when a task fails, and a turn released twice counts once', async () => {
    const limiter = createParseLimiter(1);
    await expect(limiter.run(async () => Promise.reject(new Error('bad file')))).rejects.toThrow('bad file');
    const done = await limiter.acquire();
    done();
    done();
    expect(limiter.active).toBe(0);
    const [a, b] = [await limiter.acquire(), limiter.acquire()];
    await tick();
    expect([limiter.active, limiter.waiting]).toEqual([1, 1]);
    a();
    (await b)();
    expect([limiter.active, limiter.waiting]).toEqual([0, 0]);
  });

  it('is one per server configuration, and refuses a concurrency under 1', () => {
    const config = { fileParseConcurrency: 3 };
    expect(parseLimiterOf(config)).toBe(parseLimiterOf(config));
    expect(parseLimiterOf(config)).not.toBe(parseLimiterOf({ fileParseConcurrency: 3 }));
    expect(() => createParseLimiter(0)).toThrow(/at least 1/);
  });
});
