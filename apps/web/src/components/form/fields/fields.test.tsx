import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { QueryProvider } from '@/app/query-provider';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { Form } from '../form';
import { SubmitButton } from '../submit-button';
import { useSchemaForm } from '../use-schema-form';
import { DAY_INVALID, DateField, ZDayInput } from './date-field';
import { FormCheckbox } from './form-checkbox';
import { FormRadioGroup } from './form-radio-group';
import { FormSelect } from './form-select';
import { FormSwitch } from './form-switch';
import { IccidField, ZIccidInput } from './iccid-field';
import { AMOUNT_INVALID, ZPaiseInput } from './money';
import { MoneyField } from './money-field';
import { OrganizationField } from './organization-field';
import { PasswordField } from './password-field';
import { PhoneField } from './phone-field';
import { ReadOnlyField } from './read-only-field';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

/** One form with `schema`, `defaults` and `children`; what a submission sent. */
async function renderFields<TIn extends FieldValues, TOut>(schema: z.ZodType<TOut, TIn>, defaults: TIn, children: ReactNode) {
  const sent = vi.fn();
  function Harness() {
    const form = useSchemaForm(schema, { defaultValues: defaults as never });
    return (
      <Form form={form} label="Fields" onSubmit={async (values) => sent(values)}>
        {children}
        <SubmitButton>Send</SubmitButton>
      </Form>
    );
  }
  await renderWithProviders(
    <QueryProvider>
      <Harness />
    </QueryProvider>,
  );
  await screen.findByRole('form', { name: 'Fields' });
  const user = userEvent.setup();
  const submit = async () => {
    await user.click(screen.getByRole('button', { name: 'Send' }));
  };
  return { user, sent, submit };
}

describe('PhoneField', () => {
  it('shows +91 before the number and holds it with the prefix', async () => {
    const { user, sent, submit } = await renderFields(
      z.object({ phone: z.string() }),
      { phone: '' },
      <PhoneField name="phone" label="Phone" />,
    );
    const input = screen.getByLabelText('Phone');
    expect(input.closest('.MuiInputBase-root')).toHaveTextContent('+91');
    await user.type(input, '98765 43210');
    expect(input).toHaveValue('98765 43210');
    await submit();
    await waitFor(() => expect(sent).toHaveBeenCalledWith({ phone: '+9198765 43210' }));
  });

  it('shows a stored number without its prefix, and a pasted +91 only once', async () => {
    const { user, sent, submit } = await renderFields(
      z.object({ phone: z.string() }),
      { phone: '+919800000001' },
      <PhoneField name="phone" label="Phone" />,
    );
    const input = screen.getByLabelText('Phone');
    expect(input).toHaveValue('9800000001');
    await user.clear(input);
    await user.click(input);
    await user.paste('+919811122233');
    await submit();
    await waitFor(() => expect(sent).toHaveBeenCalledWith({ phone: '+919811122233' }));
  });
});

describe('IccidField', () => {
  it('keeps the digits of a pasted ICCID and checks it with the shared validator', async () => {
    const { user, sent, submit } = await renderFields(
      z.object({ iccid: ZIccidInput }),
      { iccid: '' },
      <IccidField name="iccid" label="ICCID" />,
    );
    const input = screen.getByLabelText('ICCID');
    await user.click(input);
    await user.paste('8991 0000 0000 0000 001');
    expect(input).toHaveValue('8991 0000 0000 0000 001');
    await submit();
    expect(await screen.findByText('ICCID check digit is wrong')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '89910000000000000004');
    await submit();
    await waitFor(() => expect(sent).toHaveBeenCalledWith({ iccid: '89910000000000000004' }));
  });
});

describe('MoneyField', () => {
  it('takes rupees, shows the paise under them and holds integer paise', async () => {
    const { user, sent, submit } = await renderFields(
      z.object({ amount: ZPaiseInput }),
      { amount: 150_000 },
      <MoneyField name="amount" label="Amount" hint="Alert below this balance" />,
    );
    const input = screen.getByLabelText('Amount');
    expect(input).toHaveValue('1500');
    expect(input.closest('.MuiInputBase-root')).toHaveTextContent('₹');
    expect(input).toHaveAccessibleDescription('Alert below this balance1,50,000 paise');
    await user.clear(input);
    await user.type(input, '12.34');
    expect(input).toHaveValue('12.34');
    expect(input).toHaveAccessibleDescription('Alert below this balance1,234 paise');
    await submit();
    await waitFor(() => expect(sent).toHaveBeenCalledWith({ amount: 1234 }));
  });

  it('refuses three decimals and a sign, and holds none when left blank', async () => {
    const { user, sent, submit } = await renderFields(
      z.object({ amount: ZPaiseInput }),
      { amount: null },
      <MoneyField name="amount" label="Amount" />,
    );
    const input = screen.getByLabelText('Amount');
    await user.type(input, '12.345');
    await submit();
    expect(await screen.findByText(AMOUNT_INVALID)).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '-5');
    await waitFor(() => expect(input).toHaveAccessibleDescription(AMOUNT_INVALID));
    await user.clear(input);
    await submit();
    await waitFor(() => expect(sent).toHaveBeenCalledWith({ amount: null }));
  });
});

describe('DateField', () => {
  it('takes a day as DD/MM/YYYY and holds it as YYYY-MM-DD', async () => {
    const { user, sent, submit } = await renderFields(
      z.object({ day: ZDayInput }),
      { day: '2026-11-25' },
      <DateField name="day" label="Activation day" />,
    );
    const input = screen.getByLabelText('Activation day');
    expect(input).toHaveValue('25/11/2026');
    await user.clear(input);
    await user.type(input, '31/02/2026');
    await submit();
    expect(await screen.findByText(DAY_INVALID)).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '1/3/2026');
    await submit();
    await waitFor(() => expect(sent).toHaveBeenCalledWith({ day: '2026-03-01' }));
  });
});

describe('OrganizationField', () => {
  const ORGS = [
    { id: 'a'.repeat(24), tradeName: 'Sanchar Connect', parentId: null, brandName: null, email: null, status: 'ACTIVE' },
    { id: 'b'.repeat(24), tradeName: 'Urja Smart Meters', parentId: 'a'.repeat(24), brandName: null, email: null, status: 'ACTIVE' },
    { id: 'c'.repeat(24), tradeName: 'Jal Board', parentId: null, brandName: null, email: null, status: 'ACTIVE' },
  ];

  it("offers the caller's organisations, children indented, with the none choice and without the excluded", async () => {
    const fetchMock = answerFetch(() => ({ body: { success: true, data: ORGS, meta: { total: 3 } } }));
    restore = fetchMock.restore;
    const { user, sent, submit } = await renderFields(
      z.object({ organizationId: z.string() }),
      { organizationId: '' },
      <OrganizationField name="organizationId" label="Parent" none="No parent" exclude={['c'.repeat(24)]} />,
    );
    const box = screen.getByRole('combobox', { name: 'Parent' });
    expect(box).toHaveValue('No parent');
    await user.click(box);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['No parent', 'Sanchar Connect', 'Urja Smart Meters']);
    expect(options[2]).toHaveStyle({ paddingLeft: '36px' });
    await user.click(options[2]!);
    await submit();
    await waitFor(() => expect(sent).toHaveBeenCalledWith({ organizationId: 'b'.repeat(24) }));
    expect(fetchMock.calls[0]!.url.searchParams.get('sort')).toBe('path');
  });

  it('offers a known organisation without the right to list them', async () => {
    const fetchMock = answerFetch(() => ({ status: 403, body: { success: false, code: 'FORBIDDEN', message: 'No' } }));
    restore = fetchMock.restore;
    await renderFields(
      z.object({ organizationId: z.string() }),
      { organizationId: 'a'.repeat(24) },
      <OrganizationField name="organizationId" label="Organisation" canList={false} known={[ORGS[0]]} />,
    );
    expect(screen.getByRole('combobox', { name: 'Organisation' })).toHaveValue('Sanchar Connect');
    expect(fetchMock.calls).toHaveLength(0);
  });
});

describe('PasswordField', () => {
  it('hides the password until asked to show it', async () => {
    const { user } = await renderFields(
      z.object({ password: z.string() }),
      { password: '' },
      <PasswordField name="password" label="Password" />,
    );
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('choices', () => {
  it('select, switch, checkbox and radio buttons hold what is chosen', async () => {
    const schema = z.object({
      status: z.enum(['ACTIVE', 'DISABLED']),
      apiAccess: z.boolean(),
      terms: z.literal(true, { error: 'Accept the terms' }),
      access: z.enum(['invite', 'password']),
    });
    const { user, sent, submit } = await renderFields(
      schema,
      { status: 'ACTIVE', apiAccess: false, terms: false as true, access: 'invite' },
      <>
        <FormSelect
          name="status"
          label="Status"
          options={[
            { value: 'ACTIVE', label: 'Active' },
            { value: 'DISABLED', label: 'Disabled', description: 'Cannot sign in' },
          ]}
        />
        <FormSwitch name="apiAccess" label="Public API access" hint="Keys for the public API" />
        <FormCheckbox name="terms" label="I accept the terms" />
        <FormRadioGroup
          name="access"
          label="Sign-in"
          options={[
            { value: 'invite', label: 'Send an invitation' },
            { value: 'password', label: 'Set a password' },
          ]}
        />
        <ReadOnlyField label="Kind" value="Staff" />
      </>,
    );
    expect(screen.getByLabelText('Kind')).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Public API access' })).toHaveAccessibleDescription('Keys for the public API');
    await submit();
    expect(await screen.findByText('Accept the terms')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'I accept the terms' })).toHaveAccessibleDescription('Accept the terms');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: /Disabled/ }));
    await user.click(screen.getByRole('switch', { name: 'Public API access' }));
    await user.click(screen.getByRole('checkbox', { name: 'I accept the terms' }));
    await user.click(screen.getByRole('radio', { name: 'Set a password' }));
    await submit();
    await waitFor(() => expect(sent).toHaveBeenCalledWith({ status: 'DISABLED', apiAccess: true, terms: true, access: 'password' }));
  });
});
