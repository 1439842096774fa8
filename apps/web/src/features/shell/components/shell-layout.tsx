import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { requestSnackbarHost } from '@/lib/notify';
import { Header, type THeaderSlots } from './header';
import { Sidebar } from './sidebar';
import { SidebarProvider, useSidebar } from './sidebar-context';
import { useModuleShortcuts } from './use-module-shortcuts';

function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of page
  useEffect(() => {
    window.scrollTo(0, 0);
    document.getElementById('main-content')?.scrollTo?.(0, 0);
  }, [pathname]);
  return null;
}

function ShellFrame({ children, ...slots }: THeaderSlots & { children: ReactNode }) {
  const { t } = useTranslation('shell');
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const { desktopHidden } = useSidebar();
  useModuleShortcuts();
  const offset = wide && !desktopHidden ? theme.layout.sidebarWidth : 0;
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box
        component="a"
        href="#main-content"
        sx={{
          position: 'absolute',
          left: -9999,
          top: 8,
          zIndex: (th) => th.zIndex.tooltip,
          bgcolor: 'background.paper',
          color: 'primary.main',
          px: 2,
          py: 1,
          borderRadius: 1,
          '&:focus': { left: 8 },
        }}
      >
        {t('skipToContent')}
      </Box>
      <ScrollToTop />
      <Sidebar />
      <Header {...slots} offset={offset} />
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        sx={{
          pt: `${theme.layout.headerHeight}px`,
          ml: { xs: 0, lg: `${offset}px` },
          transition: theme.transitions.create('margin', { duration: theme.transitions.duration.shorter }),
          outline: 'none',
        }}
      >
        <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1600, mx: 'auto' }}>{children}</Box>
      </Box>
    </Box>
  );
}

/** The authenticated console: sidebar, header and the page. */
export function ShellLayout({ children, ...slots }: THeaderSlots & { children: ReactNode }) {
  // The console shows snackbars often: have them ready.
  useEffect(() => requestSnackbarHost(), []);
  return (
    <SidebarProvider>
      <ShellFrame {...slots}>{children}</ShellFrame>
    </SidebarProvider>
  );
}
