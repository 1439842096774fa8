import { describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { API } from '../../../test/test-app';

const { t } = routeTest();

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
