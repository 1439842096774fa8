import { formatPaise } from '@tarang/shared/format/money';
import { z } from 'zod';
import { PRICE_REQUIRED, priceInput } from './plan-form-schema';

export const ORGANIZATION_REQUIRED = 'Choose an organisation';

/** Whose price is the floor: the caller's own, or (staff changing a reseller's share) the seller's. */
export type TFloorOwner = 'you' | 'the seller';

/** The API's words for a price below the floor (422 on `price`), so the console's check reads the same. */
export const belowFloor = (floor: number, price: number, owner: TFloorOwner) =>
  `The price must be at least ${formatPaise(floor)}, what ${owner === 'you' ? 'you pay' : 'the seller pays'} for this plan (got ${formatPaise(price)})`;

/**
 * A share's price: more than 0 and, when there is a floor (what the seller pays: an organisation sharing on), at
 * least that. The provider's own shares have none.
 */
export const sharePrice = (floor: number | null, owner: TFloorOwner = 'you') =>
  priceInput(PRICE_REQUIRED).superRefine((value, ctx) => {
    if (floor !== null && value < floor) ctx.addIssue({ code: 'custom', message: belowFloor(floor, value, owner) });
  });

/** Share a plan: the organisation and its price. */
export const shareFormSchema = (floor: number | null) =>
  z.object({
    organizationId: z.string().regex(/^[0-9a-f]{24}$/, ORGANIZATION_REQUIRED),
    price: sharePrice(floor),
  });

/** A share's new price. */
export const shareEditSchema = (floor: number | null, owner: TFloorOwner) => z.object({ price: sharePrice(floor, owner) });
