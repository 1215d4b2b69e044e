import type { Graphics } from 'pixi.js';
import { COLORS } from '../theme';

/**
 * The banker, our own art: a man in a suit and hat seen only as a silhouette against a gold glow (on the
 * show nobody sees his face), drawn with Pixi Graphics in a box `u` tall, feet of the bust at y = u,
 * centred on x = 0. His arm and phone are drawn apart (drawBankerArm) so they can move.
 */
const SUIT = 0x15122a;
const SUIT_EDGE = 0x3a3160;
const SHADOW = 0x0a0814;

export function drawBankerGlow(g: Graphics, u: number): void {
  for (let i = 6; i >= 1; i--) {
    g.circle(0, u * 0.45, u * (0.2 + i * 0.07)).fill({ color: COLORS.gold, alpha: 0.035 });
  }
  g.circle(0, u * 0.45, u * 0.26).fill({ color: COLORS.goldLight, alpha: 0.08 });
}

export function drawBanker(g: Graphics, u: number): void {
  // Shoulders and suit.
  g.moveTo(-u * 0.42, u)
    .lineTo(-u * 0.42, u * 0.74)
    .quadraticCurveTo(-u * 0.4, u * 0.55, -u * 0.17, u * 0.52)
    .lineTo(u * 0.17, u * 0.52)
    .quadraticCurveTo(u * 0.4, u * 0.55, u * 0.42, u * 0.74)
    .lineTo(u * 0.42, u)
    .closePath()
    .fill(SUIT)
    .stroke({ width: Math.max(1.5, u * 0.012), color: COLORS.gold, alpha: 0.55 });
  // Neck.
  g.roundRect(-u * 0.06, u * 0.42, u * 0.12, u * 0.12, u * 0.03).fill(SHADOW);
  // Shirt, lapels and tie.
  g.poly([-u * 0.1, u * 0.52, u * 0.1, u * 0.52, 0, u * 0.74]).fill(0xf2efe6);
  g.poly([-u * 0.17, u * 0.52, -u * 0.1, u * 0.52, 0, u * 0.78, -u * 0.06, u * 0.8]).fill(SUIT_EDGE);
  g.poly([u * 0.17, u * 0.52, u * 0.1, u * 0.52, 0, u * 0.78, u * 0.06, u * 0.8]).fill(SUIT_EDGE);
  g.poly([-u * 0.025, u * 0.53, u * 0.025, u * 0.53, u * 0.018, u * 0.57, -u * 0.018, u * 0.57]).fill(
    COLORS.pink,
  );
  g.poly([
    -u * 0.018,
    u * 0.57,
    u * 0.018,
    u * 0.57,
    u * 0.035,
    u * 0.7,
    0,
    u * 0.75,
    -u * 0.035,
    u * 0.7,
  ]).fill(COLORS.pink);
  // A pocket square.
  g.poly([-u * 0.33, u * 0.66, -u * 0.23, u * 0.66, -u * 0.26, u * 0.62, -u * 0.3, u * 0.63]).fill(
    COLORS.gold,
  );
  // Head in shadow, with a rim of light.
  g.ellipse(0, u * 0.31, u * 0.135, u * 0.16)
    .fill(SHADOW)
    .stroke({ width: Math.max(1.5, u * 0.012), color: COLORS.goldLight, alpha: 0.6 });
  // Hat: crown, band and brim.
  g.roundRect(-u * 0.13, u * 0.06, u * 0.26, u * 0.15, u * 0.04).fill(SHADOW);
  g.rect(-u * 0.13, u * 0.16, u * 0.26, u * 0.035).fill(COLORS.goldDeep);
  g.ellipse(0, u * 0.205, u * 0.23, u * 0.035)
    .fill(SHADOW)
    .stroke({ width: Math.max(1, u * 0.008), color: COLORS.goldLight, alpha: 0.5 });
  // Two glints where the eyes would be: he is looking at you.
  g.circle(-u * 0.045, u * 0.3, u * 0.012).fill({ color: COLORS.goldLight, alpha: 0.9 });
  g.circle(u * 0.045, u * 0.3, u * 0.012).fill({ color: COLORS.goldLight, alpha: 0.9 });
}

/**
 * The arm raised to the ear with the phone's handset, drawn about the shoulder (0, 0): the container it is
 * in sits at the banker's right shoulder and turns a little as he talks.
 */
export function drawBankerArm(g: Graphics, u: number): void {
  g.moveTo(0, 0)
    .quadraticCurveTo(u * 0.12, -u * 0.16, -u * 0.07, -u * 0.22)
    .stroke({ width: u * 0.11, color: SUIT, cap: 'round' });
  g.moveTo(0, 0)
    .quadraticCurveTo(u * 0.12, -u * 0.16, -u * 0.07, -u * 0.22)
    .stroke({ width: Math.max(1, u * 0.01), color: COLORS.gold, alpha: 0.45 });
  // Handset along the cheek: ear piece up, mouth piece down, held by the hand.
  g.roundRect(-u * 0.15, -u * 0.36, u * 0.05, u * 0.26, u * 0.025).fill(0x111018);
  g.roundRect(-u * 0.17, -u * 0.38, u * 0.08, u * 0.07, u * 0.03).fill(0x111018);
  g.roundRect(-u * 0.17, -u * 0.14, u * 0.08, u * 0.07, u * 0.03).fill(0x111018);
  g.roundRect(-u * 0.15, -u * 0.36, u * 0.05, u * 0.26, u * 0.025).stroke({
    width: Math.max(1, u * 0.008),
    color: COLORS.gold,
    alpha: 0.7,
  });
  g.circle(-u * 0.08, -u * 0.23, u * 0.045).fill(SHADOW);
}

/** Sound arcs by the banker's mouth piece: he is talking. */
export function drawTalkArcs(g: Graphics, u: number): void {
  for (let i = 1; i <= 3; i++) {
    g.arc(0, 0, u * 0.04 * i, -0.7, 0.7).stroke({
      width: Math.max(1.5, u * 0.012),
      color: COLORS.goldLight,
      alpha: 1 - i * 0.22,
    });
  }
}

/** The desk he sits behind: a gold-edged bar at the bottom of the box. */
export function drawBankerDesk(g: Graphics, u: number): void {
  g.roundRect(-u * 0.62, u * 0.92, u * 1.24, u * 0.12, u * 0.03).fill(0x241a08);
  g.roundRect(-u * 0.62, u * 0.92, u * 1.24, u * 0.03, u * 0.015).fill(COLORS.gold);
}
