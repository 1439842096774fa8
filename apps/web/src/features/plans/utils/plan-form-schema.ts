import { formatPaise } from '@tarang/shared/format/money';
import { MAX_AMOUNT_PAISE } from '@tarang/shared/money/amount';
import { ZPlanCreate } from '@tarang/shared/plans/plan.schemas';
import { z } from 'zod';
import { ZPaiseInput } from '@/components/form/fields/money';

const fields = ZPlanCreate.shape;
const blankToNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

export const BASE_PRICE_REQUIRED = 'Enter the base price';
export const PRICE_REQUIRED = 'Enter the price';
export const PRICE_ZERO = 'The price must be more than ₹0.00';
export const PRICE_TOO_LARGE = `The price must be at most ${formatPaise(MAX_AMOUNT_PAISE)}`;

/**
 * A price typed in rupees as the integer paise the API takes: more than 0 and at most 10^12 (the API's rule), with
 * the form's own words; `required` names what is missing.
 */
export function priceInput(required: string) {
  return ZPaiseInput.superRefine((value, ctx) => {
    if (value === null) ctx.addIssue({ code: 'custom', message: required });
    else if (value === 0) ctx.addIssue({ code: 'custom', message: PRICE_ZERO });
    else if (value > MAX_AMOUNT_PAISE) ctx.addIssue({ code: 'custom', message: PRICE_TOO_LARGE });
  }).transform((value) => value as number);
}

/** A count field holds null while blank: the shared rule refuses it (and NaN) as "must be a whole number". */
const count = (schema: z.ZodType<number, number>) =>
  z
    .number()
    .nullable()
    .or(z.nan())
    .transform((value) => value ?? Number.NaN)
    .pipe(schema);

/** The plan form: the shared schema's field rules on the values a form holds (text, null while blank). */
export const ZPlanForm = z.object({
  name: fields.name,
  description: z.string().transform(blankToNull).pipe(fields.description.unwrap()),
  operators: fields.operators,
  dataMb: count(fields.dataMb),
  smsCount: count(fields.smsCount),
  validityDays: count(fields.validityDays),
  basePrice: priceInput(BASE_PRICE_REQUIRED),
  overLimitAction: fields.overLimitAction,
});
export type TPlanFormInput = z.input<typeof ZPlanForm>;
export type TPlanFormValues = z.output<typeof ZPlanForm>;
