import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES } from '@/lib/i18n/i18n';

/** English or Hindi; the choice is remembered in this browser. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('shell');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const current = LANGUAGES.find((l) => l.code === i18n.language) ?? LANGUAGES[0];
  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateOutlined />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        aria-label={`${current.code.toUpperCase()}: ${t('header.language', { language: current.nativeLabel })}`}
        data-testid="language-switcher"
        sx={{ minWidth: 0, px: 1.25 }}
      >
        {current.code.toUpperCase()}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((l) => (
          <MenuItem
            key={l.code}
            selected={l.code === current.code}
            lang={l.code}
            onClick={() => {
              setAnchor(null);
              void changeLanguage(l.code);
            }}
          >
            {l.nativeLabel}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
