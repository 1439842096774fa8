import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useMemo } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextInput } from '@/components/form/fields/text-input';
import { useFormField } from '@/components/form/fields/use-form-field';
import { useFormFrame } from '@/components/form/form-frame';
import { checkNumbers, numberItems, numbersOfText, refusedField, type TNumberProblem, withoutSentValue } from '../utils/number-lines';

const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' };

type TNumbersFieldProps = {
  /** The form value: the text of the box. */
  name: string;
  label: string;
  hint?: ReactNode;
  required?: boolean;
  autoFocus?: boolean;
};

/**
 * A box of phone numbers, one a line or several separated by commas. When the box is refused, the numbers at fault
 * are listed under it by line — the shared rules' refusals as the text changes, or the server's for the text it was
 * sent (until the text changes).
 */
export function NumbersField({ name, label, hint, required, autoFocus }: TNumbersFieldProps) {
  const { t } = useTranslation('whitelists');
  const id = useId();
  const listId = useId();
  const { field, error, helperText, readOnly } = useFormField(name, hint);
  const { translate } = useFormFrame();
  const { control, clearErrors } = useFormContext();
  const { errors } = useFormState({ control, name: refusedField(name) });
  const text = typeof field.value === 'string' ? field.value : '';
  const refused = errors[refusedField(name)] as unknown as readonly ({ message?: string } | undefined)[] | undefined;

  const problems = useMemo((): TNumberProblem[] => {
    if (!error) return [];
    const items = numberItems(text);
    const own = checkNumbers(items).problems;
    if (own.length || !refused) return own;
    const sent = numbersOfText(text);
    return refused.flatMap((item, index) => {
      const at = items[index];
      return item?.message && at ? [{ ...at, message: withoutSentValue(item.message, sent[index]) }] : [];
    });
  }, [error, text, refused]);

  return (
    <Stack spacing={1}>
      <TextInput
        id={id}
        ref={field.ref}
        name={field.name}
        label={label}
        required={required}
        autoFocus={autoFocus}
        multiline
        minRows={4}
        maxRows={14}
        fullWidth
        placeholder={t('numbers.placeholder')}
        value={text}
        onChange={(event) => {
          field.onChange(event.target.value);
          // What the server refused was about the text it was sent.
          if (refused) clearErrors(refusedField(name));
        }}
        onBlur={field.onBlur}
        error={error}
        helperText={helperText}
        disabled={readOnly}
        inputProps={{ spellCheck: false, style: MONO }}
      />
      {problems.length > 0 && (
        <Box>
          <Typography id={listId} variant="body2" sx={{ fontWeight: 600 }} color="error">
            {t('numbers.refusedTitle', { count: problems.length })}
          </Typography>
          <Box component="ul" aria-labelledby={listId} sx={{ m: 0, pl: 2.5 }}>
            {problems.map((problem) => (
              <Typography key={problem.index} component="li" variant="body2" color="error">
                {t('numbers.refusedLine', { line: problem.line, value: problem.value, message: translate(problem.message) })}
              </Typography>
            ))}
          </Box>
        </Box>
      )}
    </Stack>
  );
}
