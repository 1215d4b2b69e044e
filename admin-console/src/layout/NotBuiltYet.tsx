import { Button, Card, CardContent, Typography } from '@mui/material';
import { Link } from 'react-admin';

/** A screen of issue 7 still to come: its title and the way back to the dashboard. */
export function NotBuiltYet({ title }: { title: string }) {
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography gutterBottom>This screen is not built yet.</Typography>
        <Button component={Link} to="/">
          Back to Admin
        </Button>
      </CardContent>
    </Card>
  );
}
