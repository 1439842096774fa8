import { ZCursor } from '@tarang/shared/common/api';
import { ZListMetaCursor } from '@tarang/shared/requests/request.schemas';
import {
  ZHold,
  ZMoneyMoved,
  ZWallet,
  ZWalletAmountBody,
  ZWalletEntriesQuery,
  ZWalletEntry,
  ZWalletIdParams,
  ZWalletListQuery,
  ZWalletManualBody,
  ZWalletTransferBody,
} from '@tarang/shared/wallets/wallet.schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { TDeps } from '../../app-deps';
import { declareRoutes } from '../../http/declare-routes';
import { fingerprintOf, idempotencyKeyOf, ZIdempotencyHeaders } from '../../http/idempotency';
import { contextOf, ok, okPage } from '../../http/reply';
import { access } from '../../http/route-access';
import { readWalletEntries } from './wallet-entries.repository';
import * as service from './wallets.service';

const ZHoldsQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(50), cursor: ZCursor.optional() }).strict();

const MOVED: Record<string, string> = {
  'wallet.add': 'Money added',
  'wallet.deduct': 'Money debited',
  'wallet.adjust': 'Wallet adjusted',
  'wallet.transfer': 'Money transferred',
};
const REPLAYED = 'Already done with this Idempotency-Key';

/** The Idempotency-Key of a money call, and the fingerprint of what it asks (the call and its body). */
function keyOf(request: FastifyRequest, call: string, body: unknown) {
  return { key: idempotencyKeyOf(request.headers)!, fingerprint: fingerprintOf({ call, body }) };
}

/** Wallets and the ledger's money calls (issue 14, docs/decisions/025-money-ledger.md). Every amount is integer paise. */
export function walletRoutes(app: FastifyInstance, deps: TDeps) {
  const route = declareRoutes(app, { tags: ['wallets'] });
  const moved = (action: string, result: { replayed: boolean }) => ({ message: result.replayed ? REPLAYED : MOVED[action] });

  route.get('/wallet', {
    // Every organisation user reads its own wallet (the header, spec §2); Child Wallets adds its descendants'.
    access: access.signedIn('subtree'),
    summary: "Wallets: an organisation user's own (and its descendants' with Child Wallets); staff every wallet",
    querystring: ZWalletListQuery,
    data: z.array(ZWallet),
    handler: async (request) => okPage(await service.getWallets(deps, contextOf(request), request.query)),
  });

  route.get('/wallet/:id', {
    // A wallet by id: the wallet module; another organisation's (a descendant's) needs Child Wallets too.
    access: access.permission('wallet'),
    params: ZWalletIdParams,
    data: ZWallet,
    handler: async (request) => ok(await service.getWallet(deps, contextOf(request), request.params.id)),
  });

  route.get('/wallet/:id/transactions', {
    access: access.permission('wallet', 'viewDetails'),
    summary: "A wallet's statement, newest first: each posting from the wallet's side, signed",
    params: ZWalletIdParams,
    querystring: ZWalletEntriesQuery,
    data: z.array(ZWalletEntry),
    meta: ZListMetaCursor,
    handler: async (request) => {
      const ctx = contextOf(request);
      await service.getWallet(deps, ctx, request.params.id);
      return okPage(await readWalletEntries(deps.db, request.actor!.scope, { ...request.query, accountId: request.params.id }));
    },
  });

  route.get('/wallet/:id/blocked', {
    access: access.permission('wallet', 'viewDetails'),
    summary: 'Money held on a wallet for activations',
    params: ZWalletIdParams,
    querystring: ZHoldsQuery,
    data: z.array(ZHold),
    meta: ZListMetaCursor,
    handler: async (request) => okPage(await service.getHolds(deps, contextOf(request), request.params.id, request.query)),
  });

  route.put('/wallet/add/:id', {
    access: access.permission('wallet', 'sendMoney', 'subtree', { staffOnly: true }),
    summary: 'Send Money: credit a wallet from the provider',
    headers: ZIdempotencyHeaders,
    params: ZWalletIdParams,
    body: ZWalletAmountBody,
    data: ZMoneyMoved,
    handler: async (request) => {
      const { key, fingerprint } = keyOf(request, `add:${request.params.id}`, request.body);
      const result = await service.moveWithProvider(deps, contextOf(request), 'add', request.params.id, request.body, key, fingerprint);
      return ok(result, moved('wallet.add', result));
    },
  });

  route.put('/wallet/deduct/:id', {
    access: access.permission('wallet', 'debitMoney', 'subtree', { staffOnly: true }),
    summary: 'Debit Money: take money from a wallet back to the provider',
    headers: ZIdempotencyHeaders,
    params: ZWalletIdParams,
    body: ZWalletAmountBody,
    data: ZMoneyMoved,
    handler: async (request) => {
      const { key, fingerprint } = keyOf(request, `deduct:${request.params.id}`, request.body);
      const result = await service.moveWithProvider(deps, contextOf(request), 'deduct', request.params.id, request.body, key, fingerprint);
      return ok(result, moved('wallet.deduct', result));
    },
  });

  route.post('/wallet/manual/:id', {
    access: access.permission('wallet', 'adjustWallet', 'subtree', { staffOnly: true }),
    summary: 'Adjust Wallet: a signed correction with its reason',
    headers: ZIdempotencyHeaders,
    params: ZWalletIdParams,
    body: ZWalletManualBody,
    data: ZMoneyMoved,
    handler: async (request) => {
      const { key, fingerprint } = keyOf(request, `manual:${request.params.id}`, request.body);
      const result = await service.moveWithProvider(deps, contextOf(request), 'adjust', request.params.id, request.body, key, fingerprint);
      return ok(result, moved('wallet.adjust', result));
    },
  });

  route.post('/wallet/transfer', {
    // Down to a child needs Send Money, back from a child Debit Money: checked by the service, which knows the direction.
    access: access.permission('wallet'),
    summary: 'Move money between an organisation and one of its direct children',
    headers: ZIdempotencyHeaders,
    body: ZWalletTransferBody,
    data: ZMoneyMoved,
    handler: async (request) => {
      const { key, fingerprint } = keyOf(request, 'transfer', request.body);
      const result = await service.transferMoney(deps, contextOf(request), request.body, key, fingerprint);
      return ok(result, moved('wallet.transfer', result));
    },
  });
}
