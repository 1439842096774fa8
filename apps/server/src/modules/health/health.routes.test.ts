import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, type TTestApp } from '../../../test/test-app';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /health', () => {
  it('answers ok once the database answers', async () => {
    const res = await t.call({ method: 'GET', url: `${API}/health` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { status: 'ok' } });
  });

  it('answers 500 without internals when the database is gone', async () => {
    await t.database.pool.end();
    const res = await t.call({ method: 'GET', url: `${API}/health` });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ success: false, code: 'INTERNAL', message: 'The database is not answering' });
    expect(res.body).not.toMatch(/pool|pg|ECONN/i);
  });
});
