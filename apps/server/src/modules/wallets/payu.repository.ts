import { and, eq, ne, sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database';
import { organizations } from '../organizations/organizations.table';
import { users } from '../users/users.table';
import { gatewayPayments } from './wallets.table';

/** The SQL of PayU top-ups (`gateway_payments`): one row per txnid, settled once by PayU's callback. */

export type TGatewayPayment = typeof gatewayPayments.$inferSelect;

/** The idempotency scope of PayU's callbacks: the txnid is the key, so each payment credits once. */
export const PAYU_KEY_SCOPE = 'payu';

export async function insertGatewayPayment(
  db: TExecutor,
  values: { txnid: string; accountId: string; organizationId: string; amount: number; createdBy: string },
): Promise<TGatewayPayment> {
  const [row] = await db.insert(gatewayPayments).values(values).returning();
  return row!;
}

export async function findGatewayPayment(db: TExecutor, txnid: string): Promise<TGatewayPayment | null> {
  const [row] = await db.select().from(gatewayPayments).where(eq(gatewayPayments.txnid, txnid));
  return row ?? null;
}

/**
 * Marks the payment paid, inside the money call's transaction: PayU's payment id, and the ledger transaction that the
 * call's Idempotency-Key (claimed first in the same transaction) names. Null when it was already paid.
 */
export async function markGatewayPaymentPaid(
  db: TExecutor,
  txnid: string,
  gatewayPaymentId: string | null,
): Promise<TGatewayPayment | null> {
  const [row] = await db
    .update(gatewayPayments)
    .set({
      status: 'SUCCESS',
      gatewayPaymentId,
      ledgerTransactionId: sql`(SELECT entity_id FROM idempotency_keys WHERE scope = ${PAYU_KEY_SCOPE} AND key = ${txnid})`,
      settledAt: sql`now()`,
    })
    .where(and(eq(gatewayPayments.txnid, txnid), ne(gatewayPayments.status, 'SUCCESS')))
    .returning();
  return row ?? null;
}

/** Marks a payment that is still open as failed; null when it was not open (already failed or paid). */
export async function markGatewayPaymentFailed(
  db: TExecutor,
  txnid: string,
  gatewayPaymentId: string | null,
): Promise<TGatewayPayment | null> {
  const [row] = await db
    .update(gatewayPayments)
    .set({ status: 'FAILED', gatewayPaymentId, settledAt: sql`now()` })
    .where(and(eq(gatewayPayments.txnid, txnid), eq(gatewayPayments.status, 'INITIATED')))
    .returning();
  return row ?? null;
}

/** Who pays: the user's first name, e-mail and phone, and the organisation's e-mail as a fallback. */
export async function findPayer(db: TExecutor, userId: string) {
  const [row] = await db
    .select({ firstName: users.firstName, email: users.email, phone: users.phone, organizationEmail: organizations.email })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, userId));
  return row ?? null;
}
