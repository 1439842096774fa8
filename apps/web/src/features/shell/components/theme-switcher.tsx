import CheckOutlined from '@mui/icons-material/CheckOutlined';
import PaletteOutlined from '@mui/icons-material/PaletteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useThemeChoice } from '@/lib/theme/theme-provider';
import { getTheme, THEME_NAMES } from '@/lib/theme/themes';

/** Picks one of the console's themes; the choice is stored under `appTheme`. */
export function ThemeSwitcher() {
  const { t } = useTranslation('shell');
  const { themeName, setThemeName } = useThemeChoice();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <Tooltip title={t('header.theme')}>
        <IconButton
          aria-label={t('header.theme')}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
          data-testid="theme-switcher"
        >
          <PaletteOutlined />
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {THEME_NAMES.map((name) => {
          const theme = getTheme(name);
          return (
            <MenuItem
              key={name}
              selected={name === themeName}
              data-theme-name={name}
              onClick={() => {
                setAnchor(null);
                setThemeName(name);
              }}
            >
              <ListItemIcon>
                <Box
                  aria-hidden="true"
                  sx={{
                    width: 22,
                    height: 22,
                    borderRadius: '50%',
                    border: '2px solid',
                    borderColor: theme.palette.primary.main,
                    background: `linear-gradient(135deg, ${theme.sidebar.background} 50%, ${theme.palette.primary.main} 50%)`,
                  }}
                />
              </ListItemIcon>
              <ListItemText primary={t(`themes.${name}`)} />
              {name === themeName && <CheckOutlined fontSize="small" sx={{ ml: 2 }} />}
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
