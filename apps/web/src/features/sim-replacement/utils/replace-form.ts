import { iccidError } from '@tarang/shared/sims/identifiers';
import { ZSimReplace } from '@tarang/shared/sims/replacement.schemas';
import { z } from 'zod';

/** An ICCID typed in the form: there, and 19 or 20 digits from 89 with the right check digit. */
const ZIccidTyped = z.string().superRefine((value, ctx) => {
  const problem = value === '' ? 'Enter the ICCID' : iccidError(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const REASON_MAX = 500;

/** The form of one pair: the shared reason rule, the ICCIDs checked as the console checks them, two different SIMs. */
export const replaceFormSchema = z
  .object({
    oldIccid: ZIccidTyped,
    newIccid: ZIccidTyped,
    reason: ZSimReplace.shape.reason,
  })
  .refine((v) => v.oldIccid !== v.newIccid, { message: 'The new SIM must be another SIM', path: ['newIccid'] });

export type TReplaceFormInput = z.input<typeof replaceFormSchema>;

export const EMPTY_PAIR: TReplaceFormInput = { oldIccid: '', newIccid: '', reason: '' };

/** The fields of the form, as the server names them in `errors[].path`. */
export const PAIR_FIELDS = ['oldIccid', 'newIccid', 'reason'] as const;
