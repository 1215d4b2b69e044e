import { Box, Button, Card, CardContent, Typography } from '@mui/material';

/** What a signed-in player sees on every admin screen (SPEC 2). */
export function AccessDenied() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
      <Card sx={{ maxWidth: 480 }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            Access Denied
          </Typography>
          <Typography gutterBottom>You don&apos;t have admin privileges to access this page.</Typography>
          <Button variant="contained" href="/">
            Back to Game
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
