import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A titled part of a details page (a SIM's profiles, a request's progress): a bordered card under its heading. */
export function SectionCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card elevation={0} sx={{ border: 1, borderColor: 'divider' }}>
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.125rem', mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
