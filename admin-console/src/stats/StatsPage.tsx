import { Button, Card, CardContent, Typography } from '@mui/material';
import { Link } from 'react-admin';

/** Placeholder: the statistics screen (SPEC 2 "Statistics screen") is not built yet (issue 7). */
export function StatsPage() {
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          Game Statistics
        </Typography>
        <Typography gutterBottom>This screen is not built yet.</Typography>
        <Button component={Link} to="/">
          Back to Admin
        </Button>
      </CardContent>
    </Card>
  );
}
