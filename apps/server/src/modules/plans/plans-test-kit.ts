import { newId } from '@tarang/shared/common/ids';
import type pg from 'pg';

/** The price of the provider's share in a chain the kit makes; each level below pays this much more (paise). */
export const KIT_TOP_PRICE = 10_000;
export const KIT_STEP = 1_000;

export type THeldPlan = {
  planId: string;
  /** The blueprints from the provider's share (first) down to the organisation the chain was made for (last). */
  chain: { organizationId: string; blueprintId: string; price: number }[];
};

let made = 0;

/**
 * A fresh active plan for tests, written straight to the tables (the API is tested on its own): shared by the provider
 * with the top organisation of `path` (an organisation's materialised path, `/top/…/org/`), and on down the path to
 * the organisation itself, each level `KIT_STEP` dearer. No path: a plan shared with nobody.
 */
export async function makeHeldPlan(pool: pg.Pool, path: string | null = null): Promise<THeldPlan> {
  const planId = newId();
  made += 1;
  await pool.query(
    `INSERT INTO plans (id, name, operators, data_mb, sms_count, validity_days, base_price, over_limit_action)
     VALUES ($1, $2, '{AIRTEL,VI}', 1024, 100, 30, $3, 'THROTTLE')`,
    [planId, `Kit plan ${Date.now().toString(36)} ${made}`, KIT_TOP_PRICE],
  );
  const chain: THeldPlan['chain'] = [];
  const organizationIds = (path ?? '').split('/').filter(Boolean);
  for (const [i, organizationId] of organizationIds.entries()) {
    const blueprintId = newId();
    const price = KIT_TOP_PRICE + i * KIT_STEP;
    await pool.query('INSERT INTO plan_blueprints (id, plan_id, organization_id, price, parent_blueprint_id) VALUES ($1, $2, $3, $4, $5)', [
      blueprintId,
      planId,
      organizationId,
      price,
      chain.at(-1)?.blueprintId ?? null,
    ]);
    chain.push({ organizationId, blueprintId, price });
  }
  return { planId, chain };
}
