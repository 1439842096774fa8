import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';

/** The link of a row to its own screen (its name, its batch job), in the cell's own face. */
export function RowLink({ to, children, 'aria-label': ariaLabel }: { to: string; children: ReactNode; 'aria-label'?: string }) {
  return (
    <Link to={to} underline="hover" variant="inherit" aria-label={ariaLabel} sx={{ fontWeight: 600 }} noWrap>
      {children}
    </Link>
  );
}
