import InputAdornment from '@mui/material/InputAdornment';
import { useTranslation } from 'react-i18next';
import { FormTextField, type TFormTextFieldProps } from './form-text-field';
import { paiseToRupees, rupeesToPaise } from './money';

/** Paise as the rupees the input shows. */
const rupeesText = (value: unknown): string => paiseToRupees(value as number | null);

/**
 * Money in rupees (₹ before the input, up to two decimals), kept by the form as integer paise (null when blank, NaN
 * while the text is no amount); under the input, the paise it makes ("1,50,050 paise"), so what is saved is never in
 * doubt. Check it with `ZPaiseInput`.
 */
export function MoneyField(props: Omit<TFormTextFieldProps, 'parse' | 'format' | 'note' | 'startAdornment'>) {
  const { t, i18n } = useTranslation('ui');
  return (
    <FormTextField
      autoComplete="off"
      {...props}
      parse={rupeesToPaise}
      format={rupeesText}
      note={(value) =>
        typeof value === 'number' && Number.isFinite(value)
          ? t('form.paise', { count: value, formatted: new Intl.NumberFormat(`${i18n.language}-IN`).format(value) })
          : null
      }
      inputProps={{ ...props.inputProps, inputMode: 'decimal' }}
      startAdornment={<InputAdornment position="start">₹</InputAdornment>}
    />
  );
}
