import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes, useNavigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/testing/test-utils';
import { FormTextField } from './fields/form-text-field';
import { FormCard, FormSection } from './form-card';
import { FormDialog } from './form-dialog';
import { useSchemaForm } from './use-schema-form';

const ZPerson = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  email: z.string().trim(),
});

type TPersonFormProps = {
  onSubmit: (values: z.output<typeof ZPerson>) => Promise<unknown> | undefined;
  check?: (values: z.output<typeof ZPerson>) => Promise<{ name?: string | null } | null>;
  readOnly?: boolean;
  /** Where Cancel and a successful save lead. */
  leaveTo?: string;
};

function PersonForm({ onSubmit, check, readOnly, leaveTo = '/list' }: TPersonFormProps) {
  const navigate = useNavigate();
  const form = useSchemaForm(ZPerson, { defaultValues: { name: '', email: '' } });
  return (
    <FormCard
      form={form}
      label="Person"
      readOnly={readOnly}
      notice={readOnly ? 'You may only look' : undefined}
      submitLabel="Save person"
      onCancel={() => navigate(leaveTo)}
      check={check}
      messages={{ message: (m) => (m === 'Name is required' ? 'Give the name' : m), failure: () => 'Could not save the person' }}
      onSubmit={async (values) => {
        await onSubmit(values);
        navigate(leaveTo);
      }}
    >
      <FormSection title="Who">
        <FormTextField name="name" label="Name" required hint="As on the ID card" />
        <FormTextField name="email" label="Email" />
      </FormSection>
    </FormCard>
  );
}

/** The form at /form, a list at /list and a link elsewhere, in the console's data router. */
async function renderPage(props: TPersonFormProps, route = '/form') {
  await renderWithProviders(
    <>
      <Link to="/elsewhere">Somewhere else</Link>
      <Link to="/form">The form</Link>
      <GoBack />
      <Routes>
        <Route path="/form" element={<PersonForm {...props} />} />
        <Route path="/list" element={<p>The list</p>} />
        <Route path="/elsewhere" element={<p>Another page</p>} />
      </Routes>
    </>,
    { route },
  );
  const user = userEvent.setup();
  if (route !== '/form') await user.click(screen.getByRole('link', { name: 'The form' }));
  await screen.findByRole('form', { name: 'Person' });
  return user;
}

/** The browser's Back, as a page calls it. */
function GoBack() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      Go back
    </button>
  );
}

const leaveDialog = () => screen.queryByRole('dialog', { name: 'Leave without saving?' });

describe('Form', () => {
  it('shows the schema message in the reader’s words and sends nothing', async () => {
    const onSubmit = vi.fn();
    const user = await renderPage({ onSubmit });
    expect(screen.getByLabelText(/Name/)).toHaveAccessibleDescription('As on the ID card');
    await user.click(screen.getByRole('button', { name: 'Save person' }));
    await waitFor(() => expect(screen.getByLabelText(/Name/)).toHaveAccessibleDescription('Give the name'));
    expect(screen.getByLabelText(/Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("puts the server's errors on their fields, and what no field is about in the form's alert", async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError(409, {
          success: false,
          code: 'CONFLICT',
          message: 'email: taken',
          errors: [{ path: 'body.email', message: 'This email is already in use' }],
        }),
      )
      .mockRejectedValueOnce(new ApiError(500, { success: false, code: 'INTERNAL', message: 'boom' }));
    const user = await renderPage({ onSubmit });
    await user.type(screen.getByLabelText(/Name/), 'Meera');
    await user.type(screen.getByLabelText('Email'), 'meera@example.com');
    await user.click(screen.getByRole('button', { name: 'Save person' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('This email is already in use'));
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save person' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not save the person');
    expect(screen.getByRole('form', { name: 'Person' })).toBeInTheDocument();
  });

  it('is busy while the submission is on its way: the buttons are disabled', async () => {
    let finish: () => void = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const user = await renderPage({ onSubmit });
    await user.type(screen.getByLabelText(/Name/), 'Meera');
    await user.click(screen.getByRole('button', { name: 'Save person' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save person' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('form', { name: 'Person' })).toHaveAttribute('aria-busy', 'true');
    await act(async () => finish());
    expect(await screen.findByText('The list')).toBeInTheDocument();
    expect(leaveDialog()).not.toBeInTheDocument();
  });

  it('runs the submit-only check after the schema, and a problem stops the submission', async () => {
    const onSubmit = vi.fn();
    const check = vi.fn(async (values: { name: string }) => ({ name: values.name === 'root' ? 'That name is taken' : null }));
    const user = await renderPage({ onSubmit, check });
    await user.type(screen.getByLabelText(/Name/), 'root');
    await user.click(screen.getByRole('button', { name: 'Save person' }));
    await waitFor(() => expect(screen.getByLabelText(/Name/)).toHaveAccessibleDescription('That name is taken'));
    expect(onSubmit).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText(/Name/));
    await user.type(screen.getByLabelText(/Name/), 'Meera');
    await user.click(screen.getByRole('button', { name: 'Save person' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Meera', email: '' }));
  });

  it('shows a read-only form: fields disabled, no submit, Back instead of Cancel', async () => {
    await renderPage({ onSubmit: vi.fn(), readOnly: true });
    expect(screen.getByText('You may only look')).toBeInTheDocument();
    expect(screen.getByLabelText(/Name/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save person' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeEnabled();
  });
});

describe('the unsaved-changes guard', () => {
  it('lets an untouched form go without asking', async () => {
    const user = await renderPage({ onSubmit: vi.fn() });
    await user.click(screen.getByRole('link', { name: 'Somewhere else' }));
    expect(await screen.findByText('Another page')).toBeInTheDocument();
  });

  it('asks before a changed form is left: Cancel stays, Leave goes', async () => {
    const user = await renderPage({ onSubmit: vi.fn() });
    await user.type(screen.getByLabelText(/Name/), 'Meera');
    await user.click(screen.getByRole('link', { name: 'Somewhere else' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent('The changes on this page are not saved yet.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(leaveDialog()).not.toBeInTheDocument());
    expect(screen.getByLabelText(/Name/)).toHaveValue('Meera');

    // The form's own Cancel asks too.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('The list')).toBeInTheDocument();
  });

  it('asks before Back leaves a changed form, and goes back when the user agrees', async () => {
    const user = await renderPage({ onSubmit: vi.fn() }, '/list');
    await user.type(screen.getByLabelText(/Name/), 'Meera');
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(screen.getByRole('form', { name: 'Person', hidden: true })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(leaveDialog()).not.toBeInTheDocument());
    expect(screen.getByLabelText(/Name/)).toHaveValue('Meera');

    await user.click(screen.getByRole('button', { name: 'Go back' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('The list')).toBeInTheDocument();
  });

  it('asks the browser before the tab is closed or reloaded, only while there are changes', async () => {
    const user = await renderPage({ onSubmit: vi.fn() });
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.type(screen.getByLabelText(/Name/), 'Meera');
    await waitFor(() => expect(unload()).toBe(true));
    await user.clear(screen.getByLabelText(/Name/));
    await waitFor(() => expect(unload()).toBe(false));
  });

  it('does not ask when the save itself leads away', async () => {
    const onSubmit = vi.fn(async () => {});
    const user = await renderPage({ onSubmit });
    await user.type(screen.getByLabelText(/Name/), 'Meera');
    await user.click(screen.getByRole('button', { name: 'Save person' }));
    expect(await screen.findByText('The list')).toBeInTheDocument();
    expect(leaveDialog()).not.toBeInTheDocument();
  });
});

describe('FormDialog', () => {
  function NoteDialog({ onSubmit, onClose }: { onSubmit: () => Promise<void>; onClose: () => void }) {
    const form = useSchemaForm(z.object({ note: z.string().min(1, 'Write a note') }), { defaultValues: { note: '' } });
    return (
      <FormDialog
        form={form}
        title="Add a note"
        text="The note goes on the record."
        submitLabel="Add"
        onClose={onClose}
        onSubmit={onSubmit}
      >
        <FormTextField name="note" label="Note" />
      </FormDialog>
    );
  }

  it('checks, submits, shows a failure inside the dialog and cannot be closed while busy', async () => {
    let fail: (error: unknown) => void = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((_resolve, reject) => (fail = reject)));
    const onClose = vi.fn();
    await renderWithProviders(<NoteDialog onSubmit={onSubmit} onClose={onClose} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Add a note' });
    expect(dialog).toHaveTextContent('The note goes on the record.');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Write a note')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Note'), 'Called the operator');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled());
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => fail(new ApiError(503, { success: false, code: 'UNAVAILABLE', message: 'Try again later' })));
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again later');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});
