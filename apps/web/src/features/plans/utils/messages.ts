import { MAX_AMOUNT_PAISE } from '@tarang/shared/money/amount';
import { PLAN_LIMITS } from '@tarang/shared/plans/plan.schemas';
import { AMOUNT_INVALID } from '@/components/form/fields/money';
import { createMessages } from '@/lib/i18n/server-messages';
import { BASE_PRICE_REQUIRED, PRICE_REQUIRED, PRICE_TOO_LARGE, PRICE_ZERO } from './plan-form-schema';
import { ORGANIZATION_REQUIRED } from './share-form-schema';

/** An amount as the API writes it in a message: ₹1,23,456.78. */
const RUPEES = '-?₹[\\d,]+\\.\\d{2}';

/** The shared schema's words about a count field (data, SMS, validity), keyed `<field>.<rule>`. */
function countTexts(field: 'dataMb' | 'smsCount' | 'validityDays'): Record<string, string> {
  return {
    [`${field} must be a whole number`]: `${field}.whole`,
    [`${field} must be 0 or more`]: `${field}.whole`,
    [`${field} must be at most ${PLAN_LIMITS[field]}`]: `${field}.tooLarge`,
  };
}

/**
 * What the shared schemas and the server say about plans and their shares, by their English text, so a Hindi reader
 * sees them in Hindi. English shows the server's words as they are.
 */
export const usePlanMessages = createMessages('plans', {
  texts: {
    'name is required': 'nameRequired',
    'name must be at most 120 characters': 'nameTooLong',
    'description must be at most 1000 characters': 'descriptionTooLong',
    'operators needs at least one operator': 'operatorsRequired',
    'operators must not repeat': 'operatorsRepeat',
    ...countTexts('dataMb'),
    ...countTexts('smsCount'),
    ...countTexts('validityDays'),
    'validityDays must be at least 1': 'validityDays.whole',
    [`basePrice must be whole paise, more than 0 and at most ${MAX_AMOUNT_PAISE}`]: 'priceOutOfRange',
    [`price must be whole paise, more than 0 and at most ${MAX_AMOUNT_PAISE}`]: 'priceOutOfRange',
    [AMOUNT_INVALID]: 'amountInvalid',
    [BASE_PRICE_REQUIRED]: 'basePriceRequired',
    [PRICE_REQUIRED]: 'priceRequired',
    [PRICE_ZERO]: 'priceZero',
    [PRICE_TOO_LARGE]: 'priceTooLarge',
    [ORGANIZATION_REQUIRED]: 'organizationRequired',
    'A plan with this name already exists': 'nameTaken',
    'Plan not found': 'notFound',
    'Plan share not found': 'shareNotFound',
    'This plan is already shared with this organisation': 'alreadyShared',
    'An organisation cannot share a plan with itself': 'shareWithItself',
    'Plans are shared with direct child organisations only; this organisation buys from its own parent': 'directChildrenOnly',
    'This plan is retired; it cannot be shared': 'retiredShare',
    'Your own price is set by the organisation that shares this plan with you': 'ownPriceFromSeller',
    'Only the organisation that shared this plan can change its price': 'onlySellerChangesPrice',
    'Organisation not found': 'organizationNotFound',
    'Plan created': 'created',
    'Plan updated': 'updated',
    'Plan deleted': 'deleted',
    'Plan shared': 'shared',
    'Price updated': 'priceUpdated',
  },
  patterns: [
    // "The price must be at least ₹1,500.00, what you pay for this plan (got ₹1,400.00)" (the console says it too).
    {
      pattern: new RegExp(`^The price must be at least (?<floor>${RUPEES}), what you pay for this plan \\(got (?<price>${RUPEES})\\)$`),
      key: 'belowOwnPrice',
    },
    {
      pattern: new RegExp(
        `^The price must be at least (?<floor>${RUPEES}), what the seller pays for this plan \\(got (?<price>${RUPEES})\\)$`,
      ),
      key: 'belowSellerPrice',
    },
    // "The price must be at most ₹1,750.00: a child is sold this plan at ₹1,750.00 (got ₹1,800.00)"
    {
      pattern: new RegExp(
        `^The price must be at most (?<ceiling>${RUPEES}): a child is sold this plan at ${RUPEES} \\(got (?<price>${RUPEES})\\)$`,
      ),
      key: 'aboveChildPrice',
    },
    // "Plan is in use by 2 organisations and 310 SIMs; retire it instead"
    { pattern: /^Plan is in use by (?<use>.+); retire it instead$/, key: 'inUse' },
  ],
  values: (values, { key, t, english }) => {
    if (key !== 'inUse' || english) return values;
    const organizations = /(\d+) organisations?/.exec(values.use ?? '')?.[1];
    const sims = /(\d+) SIMs?/.exec(values.use ?? '')?.[1];
    const parts = [
      ...(organizations ? [t('messages.useOrganizations', { count: Number(organizations) })] : []),
      ...(sims ? [t('messages.useSims', { count: Number(sims) })] : []),
    ];
    return { use: parts.length ? parts.join(t('messages.useAnd')) : t('messages.useActivation') };
  },
});
