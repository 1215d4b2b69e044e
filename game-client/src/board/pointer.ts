import type { Application } from 'pixi.js';

/**
 * Pixi maps a pointer to the canvas by the canvas's screen rectangle, as if it were never turned. Mobile mode
 * turns the whole page 90 degrees clockwise, so a tap on the canvas (where no accessible button lies over it:
 * a value board, a toast's edge, an overlay's backdrop) landed somewhere else on the board, NEW GAME included
 * (issue 15). This maps it through the turn.
 */
export function mapPointerThroughTurn(app: Application): void {
  const events = app.renderer.events;
  const plain = events.mapPositionToPoint.bind(events);
  events.mapPositionToPoint = (point, x, y) => {
    const canvas = events.domElement as HTMLCanvasElement | null;
    const turned = document.documentElement.dataset.viewMode === 'mobile';
    if (!canvas || !turned || !canvas.isConnected) return plain(point, x, y);
    const rect = canvas.getBoundingClientRect();
    // Turned clockwise: the canvas's left edge is the box's top, its top edge the box's right (CSS pixels).
    point.x = y - rect.top;
    point.y = rect.right - x;
  };
}
