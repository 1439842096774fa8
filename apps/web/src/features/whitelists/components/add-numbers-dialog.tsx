import type { TNumberGroup } from '@tarang/shared/whitelists/whitelist.schemas';
import { WHITELIST_DEFAULT_LIMITS } from '@tarang/shared/whitelists/whitelist.schemas';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form/form-dialog';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { notify } from '@/lib/notify';
import { useAddGroupNumbers } from '../api/add-group-numbers';
import { ZAddNumbersForm } from '../utils/group-forms';
import { useWhitelistMessages } from '../utils/messages';
import { numbersOfText, throwNumberErrors } from '../utils/number-lines';
import { NumbersField } from './numbers-field';

/**
 * Add Number: numbers typed or pasted, one a line or separated by commas, each checked with the shared rules before
 * sending; what the server refuses shows by line, and then nothing is added.
 */
export function AddNumbersDialog({ group, onClose }: { group: TNumberGroup; onClose: () => void }) {
  const { t } = useTranslation('whitelists');
  const messages = useWhitelistMessages();
  const add = useAddGroupNumbers();
  const form = useSchemaForm(ZAddNumbersForm, { defaultValues: { numbers: '' } });
  return (
    <FormDialog
      form={form}
      messages={messages}
      title={t('addNumbers.title', { name: group.name })}
      text={t('addNumbers.text', { limit: WHITELIST_DEFAULT_LIMITS.numbers })}
      submitLabel={t('actions.addNumber')}
      onClose={onClose}
      onSubmit={async ({ numbers }) => {
        const result = await add
          .mutateAsync({ id: group.id, numbers: numbersOfText(numbers) })
          .catch((error: unknown) => throwNumberErrors(error, form.setError, 'numbers'));
        const added = messages.success(result.message, 'numbersAddedFallback');
        notify.success(result.alreadyThere ? `${added}. ${t('addNumbers.alreadyThere', { count: result.alreadyThere })}` : added);
        onClose();
      }}
    >
      <NumbersField name="numbers" label={t('fields.numbers')} hint={t('numbers.hint')} required autoFocus />
    </FormDialog>
  );
}
