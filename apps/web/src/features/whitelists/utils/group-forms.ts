import { ZIpGroupCreate, ZNumberGroupCreate } from '@tarang/shared/whitelists/whitelist.schemas';
import { z } from 'zod';
import { ZIpEntryRows } from './ip-entry-rows';
import { numbersText } from './number-lines';

export const ORGANIZATION_REQUIRED = 'Choose the organisation the group is for';

const ID = /^[0-9a-f]{24}$/;
const blankToNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** The organisation a group is for: staff must choose one; an organisation user may leave its own ('' or its id). */
const organization = (required: boolean) => (required ? z.string().regex(ID, ORGANIZATION_REQUIRED) : z.string());

const details = {
  name: ZIpGroupCreate.shape.name,
  description: z.string().transform(blankToNull).pipe(ZIpGroupCreate.shape.description.unwrap()),
};

/** A group's name, description and destinations (the add page and the edit dialog). */
export const ZIpGroupForm = z.object({ ...details, rows: ZIpEntryRows });
export type TIpGroupFormInput = z.input<typeof ZIpGroupForm>;

/** A new IP group: also the organisation it is for. */
export const ipGroupAddSchema = (organizationRequired: boolean) =>
  ZIpGroupForm.extend({ organizationId: organization(organizationRequired) });

/** A new number group: its organisation, name, description and (optionally) its first numbers. */
export const numberGroupAddSchema = (organizationRequired: boolean) =>
  z.object({
    organizationId: organization(organizationRequired),
    name: ZNumberGroupCreate.shape.name,
    description: z.string().transform(blankToNull).pipe(ZNumberGroupCreate.shape.description.unwrap()),
    numbers: numbersText(false),
  });

/** Numbers to add to a group: at least one. */
export const ZAddNumbersForm = z.object({ numbers: numbersText(true) });
export type TIpGroupAddInput = z.input<ReturnType<typeof ipGroupAddSchema>>;
export type TNumberGroupAddInput = z.input<ReturnType<typeof numberGroupAddSchema>>;
