import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { adminApi } from './api';

/**
 * Money set-up and reading for the browser tests (issue 14): organisations below others, wallets funded by the
 * provider's Send Money, and amounts read back from the screen as integer paise (never as floating point rupees).
 */

export type TWallet = { id: string; organizationId: string; balance: number; blocked: number; available: number };

/** An organisation directly below `parentId`, made by the admin. */
export async function createChildOrganization(tradeName: string, parentId: string) {
  return await adminApi<{ id: string; tradeName: string }>('POST', '/organization', {
    tradeName,
    brandName: tradeName,
    email: null,
    parentId,
  });
}

/** The wallet of one organisation, as staff read it. */
export async function walletOf(organizationId: string): Promise<TWallet> {
  const wallets = await adminApi<TWallet[]>('GET', `/wallet?organizationId=${organizationId}`);
  const wallet = wallets.find((w) => w.organizationId === organizationId);
  if (!wallet) throw new Error(`GET /wallet?organizationId=${organizationId} holds no wallet of that organisation`);
  return wallet;
}

/** Send Money (staff): the provider credits `paise` to the organisation's wallet. */
export async function sendMoney(organizationId: string, paise: number, reason: string): Promise<TWallet> {
  const wallet = await walletOf(organizationId);
  await adminApi('PUT', `/wallet/add/${wallet.id}`, { amount: paise, reason }, { 'idempotency-key': randomUUID() });
  return await walletOf(organizationId);
}

/**
 * Paise from an amount as the console writes it: "₹1,23,456.78", "+₹50.00", "−₹240.00" (a minus sign or a hyphen).
 * Anything else is an error, so a wrongly written amount fails the test instead of being read loosely.
 */
export function paiseOf(text: string): number {
  const match = /^([+\-−]?)₹(\d{1,2}(?:,\d{2})*,\d{3}|\d{1,3})\.(\d{2})$/.exec(text.trim());
  if (!match) throw new Error(`"${text}" is not an amount written as ₹ with Indian grouping and two decimals`);
  const paise = Number(match[2]!.replaceAll(',', '')) * 100 + Number(match[3]);
  return match[1] === '-' || match[1] === '−' ? -paise : paise;
}

/** Rupees with two decimals as the exports write them ("-240.00"), from paise, in integers only. */
export function rupeeString(paise: number): string {
  const abs = Math.abs(paise);
  return `${paise < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The header's wallet chip. */
export const headerWallet = (page: Page): Locator => page.getByTestId('header-wallet');

/** Waits until the header chip shows `paise` as ₹ (it reads the wallet again after money moves). */
export async function expectHeaderWallet(page: Page, paise: number, timeout = 15_000) {
  const deadline = Date.now() + timeout;
  let shown = '';
  while (Date.now() < deadline) {
    const chip = headerWallet(page);
    shown = (await chip.count()) > 0 ? (await chip.innerText()).trim() : '';
    if (shown && paiseOf(shown) === paise) return;
    await page.waitForTimeout(100);
  }
  throw new Error(`The header wallet shows "${shown}", not ${paise} paise`);
}

/** A figure of the wallet summary (Available, Balance, Blocked), read from its dt/dd pair, as paise. */
export async function summaryFigure(summary: Locator, label: string): Promise<number> {
  const value = summary.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
  return paiseOf(await value.innerText());
}

/** A CSV file as rows of cells (RFC 4180: quoted cells may hold commas, quotes and line breaks). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
