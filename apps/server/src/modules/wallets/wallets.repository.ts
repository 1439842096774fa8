import type { THold, TWallet } from '@tarang/shared/wallets/wallet.schemas';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database';
import {
  isoText,
  listQueryConditions,
  newestFirst,
  orderByFromSort,
  readKeysetPage,
  readPage,
  type TPageQuery,
} from '../../lib/list-query';
import { organizations } from '../organizations/organizations.table';
import { ledgerAccounts, walletHolds } from './wallets.table';

/** The wallet rows a caller may read: a condition on `ledger_accounts` joined with `organizations`. */
export type TWalletReach = SQL | undefined;

const threshold = sql<number | null>`(${organizations.settings} ->> 'lowBalanceAlertPaise')::bigint`;

const walletColumns = {
  id: ledgerAccounts.id,
  organizationId: ledgerAccounts.organizationId,
  balance: ledgerAccounts.balance,
  blocked: ledgerAccounts.blocked,
  updatedAt: ledgerAccounts.updatedAt,
  tradeName: organizations.tradeName,
  threshold,
};

type TWalletRow = {
  id: string;
  organizationId: string | null;
  balance: number;
  blocked: number;
  updatedAt: Date;
  tradeName: string;
  threshold: number | null;
};

export function toWallet(row: TWalletRow, withOrganization: boolean): TWallet {
  const organizationId = row.organizationId!;
  return {
    id: row.id,
    organizationId,
    ...(withOrganization ? { organization: { id: organizationId, tradeName: row.tradeName } } : {}),
    balance: Number(row.balance),
    blocked: Number(row.blocked),
    available: Number(row.balance) - Number(row.blocked),
    lowBalanceThreshold: row.threshold === null ? null : Number(row.threshold),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function walletsFrom(db: TExecutor) {
  return db.select(walletColumns).from(ledgerAccounts).innerJoin(organizations, eq(organizations.id, ledgerAccounts.organizationId));
}

export async function findWallet(db: TExecutor, reach: TWalletReach, id: string): Promise<TWalletRow | null> {
  const [row] = await walletsFrom(db).where(and(eq(ledgerAccounts.id, id), eq(ledgerAccounts.kind, 'WALLET'), reach));
  return row ?? null;
}

/** Wallets by id, as they are now (after a movement). */
export async function walletsById(db: TExecutor, ids: string[]): Promise<TWalletRow[]> {
  if (!ids.length) return [];
  return await walletsFrom(db).where(
    sql`${ledgerAccounts.id} IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}

const sortable = {
  tradeName: organizations.tradeName,
  balance: ledgerAccounts.balance,
  available: sql`${ledgerAccounts.balance} - ${ledgerAccounts.blocked}`,
  blocked: ledgerAccounts.blocked,
  updatedAt: ledgerAccounts.updatedAt,
};

export type TWalletListFilter = TPageQuery & { sort?: string; search?: string; _id?: string; organizationId?: string };

export async function listWallets(db: TExecutor, reach: TWalletReach, f: TWalletListFilter) {
  const where = and(
    eq(ledgerAccounts.kind, 'WALLET'),
    reach,
    ...listQueryConditions(f, ledgerAccounts.id, [organizations.tradeName]),
    f.organizationId ? eq(ledgerAccounts.organizationId, f.organizationId) : undefined,
  );
  return await readPage(
    f,
    walletsFrom(db)
      .where(where)
      .orderBy(...orderByFromSort(f.sort, sortable, 'tradeName', ledgerAccounts.id)),
    db
      .select({ n: count() })
      .from(ledgerAccounts)
      .innerJoin(organizations, eq(organizations.id, ledgerAccounts.organizationId))
      .where(where),
  );
}

type THoldRow = typeof walletHolds.$inferSelect;

export function toHold(row: THoldRow): THold {
  return {
    id: row.id,
    activationId: row.activationId,
    amount: Number(row.amount),
    captured: Number(row.captured),
    released: Number(row.released),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

type THoldPositioned = { hold: THoldRow; at: string };
const newestHolds = newestFirst<THoldPositioned>(walletHolds.createdAt, walletHolds.id, (row) => [row.at, row.hold.id]);

export async function listHolds(db: TExecutor, accountId: string, query: { limit: number; cursor?: string }) {
  const page = await readKeysetPage(newestHolds, query, async ({ after, orderBy, limit }) =>
    db
      .select({ hold: walletHolds, at: sql<string>`${isoText('wallet_holds.created_at')}` })
      .from(walletHolds)
      .where(and(eq(walletHolds.accountId, accountId), after))
      .orderBy(orderBy)
      .limit(limit),
  );
  return { rows: page.rows.map((r) => toHold(r.hold)), meta: page.meta };
}
