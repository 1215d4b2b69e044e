import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOARD_BOX_KEY, BOARD_LIKELY_KEY, GUEST_KEY, VIEW_MODE_KEY } from '../store/storageKeys';
import { boardBeforeApp, rememberBoardBox, type BoardBox } from './boardBox';

// jsdom's window: 1024 x 768, a tablet-sized window.
const box: BoardBox = { vw: 1024, vh: 768, mode: 'tablet', x: 0, y: 170, w: 1024, h: 520 };

describe('a board drawn before the app', () => {
  beforeEach(() => {
    vi.stubEnv('PROD', true);
    localStorage.clear();
    sessionStorage.clear();
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    localStorage.clear();
    sessionStorage.clear();
  });

  it("is planned for a guest in this tab, or a player on the board last time, where the board's box is known", () => {
    rememberBoardBox(box);
    expect(boardBeforeApp()).toBeNull();
    sessionStorage.setItem(GUEST_KEY, '1');
    expect(boardBeforeApp()).toEqual({ box, guest: true });
    sessionStorage.clear();
    localStorage.setItem(BOARD_LIKELY_KEY, '1');
    expect(boardBeforeApp()).toEqual({ box, guest: false });
  });

  it('is not planned on a first visit, in another window size or mode, in Mobile, elsewhere or in development', () => {
    sessionStorage.setItem(GUEST_KEY, '1');
    expect(boardBeforeApp()).toBeNull();
    rememberBoardBox({ ...box, vw: 1280 });
    expect(boardBeforeApp()).toBeNull();
    rememberBoardBox({ ...box, vh: 700 });
    expect(boardBeforeApp()).toBeNull();
    rememberBoardBox({ ...box, mode: 'desktop' });
    expect(boardBeforeApp()).toBeNull();
    rememberBoardBox(box);
    localStorage.setItem(VIEW_MODE_KEY, 'mobile');
    expect(boardBeforeApp()).toBeNull();
    localStorage.setItem(VIEW_MODE_KEY, 'tablet');
    expect(boardBeforeApp()).not.toBeNull();
    window.history.replaceState(null, '', '/customize-gifts');
    expect(boardBeforeApp()).toBeNull();
    window.history.replaceState(null, '', '/');
    vi.stubEnv('PROD', false);
    expect(boardBeforeApp()).toBeNull();
  });

  it('reads a broken or partial box as none', () => {
    sessionStorage.setItem(GUEST_KEY, '1');
    for (const stored of [
      '{',
      'null',
      '{"vw":1024,"vh":768,"mode":"tablet","x":0,"y":"170","w":1024,"h":520}',
    ]) {
      localStorage.setItem(BOARD_BOX_KEY, stored);
      expect(boardBeforeApp(), stored).toBeNull();
    }
    rememberBoardBox({ ...box, w: 0 });
    expect(boardBeforeApp()).toBeNull();
  });
});
