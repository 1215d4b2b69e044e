import { fileURLToPath } from 'node:url';
import path from 'node:path';
import express, { type Express, type Router } from 'express';

export interface AppDeps {
  /** The built game client, served at `/`. */
  clientDir?: string;
  /** The built admin console, served under `/admin`. */
  adminDir?: string;
}

// Resolved from this module rather than the working directory, so the server finds the builds however it is
// started; src/ (tests) and dist/ (built) both sit one level below the api package.
const DEFAULT_CLIENT_DIR = fileURLToPath(new URL('../../game-client/dist', import.meta.url));
const DEFAULT_ADMIN_DIR = fileURLToPath(new URL('../../admin-console/dist', import.meta.url));

export function createApp(deps: AppDeps = {}): Express {
  const app = express();
  app.disable('x-powered-by');

  app.use('/api', apiRouter());
  app.use('/admin', singlePageApp(deps.adminDir ?? DEFAULT_ADMIN_DIR, 'admin console'));
  app.use(singlePageApp(deps.clientDir ?? DEFAULT_CLIENT_DIR, 'game client'));

  return app;
}

function apiRouter(): Router {
  const router = express.Router();
  router.get('/health', (_req, res) => {
    res.json({ ok: true });
  });
  // Unknown API paths answer JSON, never a page of the client.
  router.use((req, res) => {
    res.status(404).json({ error: `Not found: ${req.method} ${req.baseUrl}${req.path}` });
  });
  return router;
}

/** Serves a Vite build, answering its index.html for any other GET so the app's own router takes over. */
function singlePageApp(dir: string, name: string): Router {
  const router = express.Router();
  const indexHtml = path.resolve(dir, 'index.html');
  router.use(express.static(dir));
  router.get('/{*path}', (_req, res, next) => {
    res.sendFile(indexHtml, (error) => {
      if (!error) return;
      // Checked per request, so a build made while the server runs is picked up without a restart.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && !res.headersSent) {
        res
          .status(503)
          .type('text/plain')
          .send(`The ${name} is not built yet. Run \`npm run build\`, then reload.\n`);
        return;
      }
      next(error);
    });
  });
  return router;
}
