import MuiLink, { type LinkProps as MuiLinkProps } from '@mui/material/Link';
import { forwardRef } from 'react';
import { Link as RouterLink, type LinkProps as RouterLinkProps } from 'react-router';

type TLinkProps = Omit<MuiLinkProps, 'href'> & { to: RouterLinkProps['to']; replace?: boolean };

/** A MUI link that navigates inside the console. */
export const Link = forwardRef<HTMLAnchorElement, TLinkProps>(function Link({ to, replace, ...rest }, ref) {
  return <MuiLink ref={ref} component={RouterLink} to={to} replace={replace} {...rest} />;
});
