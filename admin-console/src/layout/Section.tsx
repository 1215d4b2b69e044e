import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A titled card of an admin screen: the statistics' tables and chart, the backups' lists. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
