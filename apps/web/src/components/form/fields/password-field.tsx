import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField, type TFormTextFieldProps } from './form-text-field';

/** A password field with a show/hide button. */
export function PasswordField(props: Omit<TFormTextFieldProps, 'type' | 'endAdornment' | 'parse' | 'format'>) {
  const { t } = useTranslation('common');
  const [visible, setVisible] = useState(false);
  return (
    <FormTextField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={visible ? t('form.hidePassword') : t('form.showPassword')}
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
            onMouseDown={(e) => e.preventDefault()}
            edge="end"
          >
            {visible ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
