import '@fontsource/tiktok-sans/400.css';
import '@fontsource/tiktok-sans/700.css';
import '@fontsource/tiktok-sans/900.css';
import './styles.css';
import { boardBeforeApp, boardCanvas } from './board/boardBox';

// A returning player's board is drawn before the app's modules run (board/boardFirst.tsx, docs/decisions/0042);
// everyone else gets the app at once. The page's head fetches both chunks early (boardPreload.ts).
const board = boardBeforeApp();
const renderApp = () => import('./renderApp');
if (board) {
  const loading = import('./board/boardFirst');
  // While the board's chunk is on its way: its WebGL context, and the shared rules and schemas (their own chunk,
  // run as soon as it is in rather than with the board's).
  void import('./api/request');
  const canvas = boardCanvas();
  void loading
    .then((m) => m.drawBoardBeforeApp({ ...board, ...canvas }))
    .catch(() => undefined)
    .then(renderApp);
} else {
  void renderApp();
}
