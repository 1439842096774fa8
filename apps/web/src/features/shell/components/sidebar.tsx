import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { alpha, useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { TModule } from '@tarang/shared/modules/module-catalogue';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { BrandLogo } from '@/components/ui/brand-logo';
import { paths } from '@/config/paths';
import { useAccess } from '@/lib/auth';
import { buildMenu, isUnder, type TMenuEntry } from '../utils/menu';
import { ModuleIcon } from './module-icon';
import { useSidebar } from './sidebar-context';

function ModuleBadge({ module }: { module: TModule }) {
  const { t } = useTranslation('common');
  if (!module.new && !module.beta) return null;
  const label = module.new ? t('badges.new') : t('badges.beta');
  return (
    <Chip
      label={label}
      size="small"
      sx={(theme) => ({
        height: 20,
        fontSize: '0.7rem',
        fontWeight: 700,
        ml: 1,
        color: '#FFFFFF',
        bgcolor: module.new ? '#0B7A43' : '#9A3412',
        borderRadius: `${theme.radii.sm}px`,
      })}
    />
  );
}

function ModuleLink({ module, nested = false }: { module: TModule; nested?: boolean }) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const active = isUnder(pathname, module.path);
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListItemButton
        component={NavLink}
        to={module.path}
        aria-current={active ? 'page' : undefined}
        selected={active}
        data-module-id={module.id}
        sx={(theme) => ({
          borderRadius: `${theme.radii.sm}px`,
          mb: 0.25,
          pl: nested ? 4.5 : 1.5,
          py: 0.9,
          color: theme.sidebar.text,
          '& .MuiListItemIcon-root': { color: theme.sidebar.muted, minWidth: 36 },
          '&:hover': { bgcolor: theme.sidebar.hoverBackground },
          '&.Mui-selected, &.Mui-selected:hover': {
            bgcolor: theme.sidebar.activeBackground,
            color: theme.sidebar.activeText,
            fontWeight: 700,
            '& .MuiListItemIcon-root': { color: theme.sidebar.activeText },
          },
        })}
      >
        <ListItemIcon>
          <ModuleIcon name={module.icon} fontSize="small" />
        </ListItemIcon>
        <ListItemText
          primary={t(module.label)}
          slotProps={{ primary: { noWrap: true, sx: { fontSize: '0.925rem', fontWeight: 'inherit' } } }}
        />
        <ModuleBadge module={module} />
      </ListItemButton>
    </ListItem>
  );
}

function GroupEntry({ entry }: { entry: Extract<TMenuEntry, { kind: 'group' }> }) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const containsActive = entry.children.some((m) => isUnder(pathname, m.path)) || isUnder(pathname, entry.group.path);
  const [open, setOpen] = useState(containsActive);
  useEffect(() => {
    if (containsActive) setOpen(true);
  }, [containsActive]);
  const listId = `sidebar-group-${entry.group.id}`;
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListItemButton
        onClick={() => setOpen((v) => !v)}
        aria-expanded={open}
        aria-controls={listId}
        data-group-id={entry.group.id}
        sx={(theme) => ({
          borderRadius: `${theme.radii.sm}px`,
          mb: 0.25,
          px: 1.5,
          py: 0.9,
          color: theme.sidebar.text,
          '& .MuiListItemIcon-root': { color: theme.sidebar.muted, minWidth: 36 },
          '&:hover': { bgcolor: theme.sidebar.hoverBackground },
        })}
      >
        <ListItemIcon>
          <ModuleIcon name={entry.group.icon} fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={t(entry.group.label)} slotProps={{ primary: { sx: { fontSize: '0.925rem', fontWeight: 600 } } }} />
        {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit={false}>
        <List id={listId} disablePadding aria-label={t(entry.group.label)}>
          {entry.children.map((m) => (
            <ModuleLink key={m.id} module={m} nested />
          ))}
        </List>
      </Collapse>
    </ListItem>
  );
}

function SidebarContent() {
  const { t } = useTranslation('shell');
  const access = useAccess();
  const menu = useMemo(() => buildMenu(access), [access]);
  return (
    <Box
      sx={(theme) => ({
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: theme.sidebar.background,
        color: theme.sidebar.text,
      })}
    >
      <Box
        sx={(theme) => ({
          height: theme.layout.headerHeight,
          flex: 'none',
          display: 'flex',
          alignItems: 'center',
          px: 2.5,
          borderBottom: `1px solid ${theme.sidebar.divider}`,
        })}
      >
        <Box
          component={NavLink}
          to={paths.dashboard.getHref()}
          aria-label={t('sidebar.home')}
          sx={{ color: 'inherit', textDecoration: 'none' }}
        >
          <BrandLogo />
        </Box>
      </Box>
      <Box component="nav" aria-label={t('sidebar.label')} sx={{ flex: 1, overflowY: 'auto', px: 1.5, py: 1.5 }}>
        <List disablePadding>
          {menu.map((entry) =>
            entry.kind === 'module' ? (
              <ModuleLink key={entry.module.id} module={entry.module} />
            ) : (
              <GroupEntry key={entry.group.id} entry={entry} />
            ),
          )}
        </List>
      </Box>
    </Box>
  );
}

/** The sidebar, 290px wide: permanent on wide screens (the menu toggle hides it), a drawer on small ones. */
export function Sidebar() {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const { mobileOpen, desktopHidden, close } = useSidebar();
  const { pathname } = useLocation();
  // Following a link closes the drawer on small screens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of page
  useEffect(() => {
    close();
  }, [pathname, close]);
  const paperSx = {
    width: theme.layout.sidebarWidth,
    boxSizing: 'border-box' as const,
    border: 'none',
    bgcolor: theme.sidebar.background,
    boxShadow: theme.palette.mode === 'light' ? `1px 0 0 ${alpha('#0B1437', 0.08)}` : 'none',
  };
  if (wide) {
    return (
      <Drawer variant="persistent" anchor="left" open={!desktopHidden} slotProps={{ paper: { sx: paperSx } }} data-testid="sidebar">
        <SidebarContent />
      </Drawer>
    );
  }
  return (
    <Drawer
      variant="temporary"
      anchor="left"
      open={mobileOpen}
      onClose={close}
      ModalProps={{ keepMounted: true }}
      slotProps={{ paper: { sx: paperSx } }}
      data-testid="sidebar"
    >
      <SidebarContent />
    </Drawer>
  );
}
