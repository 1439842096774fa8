import KeyOutlined from '@mui/icons-material/KeyOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSignedIn } from '@/lib/auth';

function initials(firstName: string, lastName: string): string {
  return `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase() || '?';
}

/** The user's name with their role under it; the menu opens Profile, Change Password and Sign out. */
export function UserMenu() {
  const { t } = useTranslation('shell');
  const { user, role, logout } = useSignedIn();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const name = `${user.firstName} ${user.lastName}`.trim();
  const close = () => setAnchor(null);
  return (
    <>
      <ButtonBase
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? menuId : undefined}
        title={t('userMenu.open', { name })}
        data-testid="user-menu-button"
        sx={{ borderRadius: 2, px: 1, py: 0.5, gap: 1, textAlign: 'left' }}
      >
        <Avatar
          src={user.avatar ?? undefined}
          alt=""
          aria-hidden="true"
          sx={{ width: 40, height: 40, bgcolor: 'primary.main', fontSize: '0.95rem' }}
        >
          {initials(user.firstName, user.lastName)}
        </Avatar>
        <Box sx={{ display: { xs: 'none', sm: 'block' }, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700, fontSize: '0.9rem', lineHeight: 1.3 }} noWrap data-testid="user-name">
            {name}
          </Typography>
          <Typography color="text.secondary" sx={{ fontSize: '0.8rem', lineHeight: 1.3 }} noWrap data-testid="user-role">
            {role.name}
          </Typography>
        </Box>
      </ButtonBase>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240, mt: 1 } } }}
      >
        <Box sx={{ px: 2, py: 1 }}>
          <Typography sx={{ fontWeight: 700 }}>{name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {role.name}
          </Typography>
        </Box>
        <Divider />
        <MenuItem component={RouterLink} to={paths.management.userEdit.getHref(user.id)} onClick={close}>
          <ListItemIcon>
            <PersonOutlined fontSize="small" />
          </ListItemIcon>
          {t('userMenu.profile')}
        </MenuItem>
        <MenuItem component={RouterLink} to={paths.auth.changePassword.getHref()} onClick={close}>
          <ListItemIcon>
            <KeyOutlined fontSize="small" />
          </ListItemIcon>
          {t('userMenu.changePassword')}
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={async () => {
            close();
            await logout();
            navigate(paths.home.getHref(), { replace: true });
          }}
        >
          <ListItemIcon>
            <LogoutOutlined fontSize="small" />
          </ListItemIcon>
          {t('userMenu.signOut')}
        </MenuItem>
      </Menu>
    </>
  );
}
