import MenuOpenOutlined from '@mui/icons-material/MenuOpenOutlined';
import MenuOutlined from '@mui/icons-material/MenuOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FullscreenToggle } from './fullscreen-toggle';
import { LanguageSwitcher } from './language-switcher';
import { ShortcutsDialog } from './shortcuts-dialog';
import { useSidebar } from './sidebar-context';
import { ThemeSwitcher } from './theme-switcher';
import { UserMenu } from './user-menu';

export type THeaderSlots = {
  /** The global search button (left, after the menu toggle). */
  search?: ReactNode;
  /** The wallet balance (organisation users only). */
  wallet?: ReactNode;
};

/**
 * The header, 80px high: menu toggle, global search, wallet balance, shortcuts, full screen and
 * language (the last three hidden on small screens), theme and the user menu.
 */
export function Header({ search, wallet, offset }: THeaderSlots & { offset: number }) {
  const { t } = useTranslation('shell');
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const { toggle, mobileOpen, desktopHidden } = useSidebar();
  const sidebarShown = wide ? !desktopHidden : mobileOpen;
  return (
    <AppBar
      position="fixed"
      elevation={0}
      color="inherit"
      sx={{
        height: theme.layout.headerHeight,
        width: { xs: '100%', lg: `calc(100% - ${offset}px)` },
        ml: { lg: `${offset}px` },
        bgcolor: theme.header.background,
        color: theme.header.text,
        borderBottom: 1,
        borderColor: 'divider',
        justifyContent: 'center',
        transition: theme.transitions.create(['width', 'margin'], { duration: theme.transitions.duration.shorter }),
      }}
    >
      <Toolbar sx={{ gap: 1, minHeight: `${theme.layout.headerHeight}px !important`, px: { xs: 1.5, sm: 2.5 } }}>
        <IconButton
          aria-label={sidebarShown ? t('header.closeMenu') : t('header.openMenu')}
          aria-expanded={sidebarShown}
          onClick={() => toggle(wide)}
          edge="start"
          data-testid="menu-toggle"
        >
          {sidebarShown ? <MenuOpenOutlined /> : <MenuOutlined />}
        </IconButton>
        {search}
        <Box sx={{ flex: 1 }} />
        {wallet}
        <Box sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center', gap: 0.5 }} data-testid="header-wide-tools">
          <ShortcutsDialog />
          <FullscreenToggle />
          <LanguageSwitcher />
        </Box>
        <ThemeSwitcher />
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}
