import { describe, expect, it } from 'vitest';
import { leaderboardSlides, slideAt } from './leaderboard';

const board = {
  game: {
    voters: [
      { viewerName: 'ann', votes: 3 },
      { viewerName: 'bo', votes: 2 },
      { viewerName: 'cy', votes: 1 },
      { viewerName: 'dee', votes: 1 },
    ],
    gifters: [],
  },
  stream: {
    voters: [{ viewerName: 'ann', votes: 9 }],
    gifters: [{ viewerName: 'Ed', diamonds: 1500 }],
  },
};

describe('leaderboardSlides', () => {
  it('shows the game before the stream, voters before gifters, leaving out empty boards', () => {
    const slides = leaderboardSlides(board);
    expect(slides.map((s) => [s.id, s.title, s.scope, s.unit])).toEqual([
      ['game-voters', 'Top voters', 'This game', 'votes'],
      ['stream-voters', 'Top voters', 'This stream', 'votes'],
      ['stream-gifters', 'Top gifters', 'This stream', 'diamonds'],
    ]);
    expect(slides[2]!.rows).toEqual([{ viewerName: 'Ed', score: 1500 }]);
  });

  it('cuts each board to its top rows, in the order the API gave', () => {
    expect(leaderboardSlides(board)[0]!.rows.map((r) => r.viewerName)).toEqual(['ann', 'bo', 'cy']);
    expect(leaderboardSlides(board, 1)[0]!.rows).toEqual([{ viewerName: 'ann', score: 3 }]);
  });

  it('has nothing before the first read or while nobody has voted or given', () => {
    expect(leaderboardSlides(null)).toEqual([]);
    const empty = { voters: [], gifters: [] };
    expect(leaderboardSlides({ game: empty, stream: empty })).toEqual([]);
  });
});

describe('slideAt', () => {
  it('goes round the slides', () => {
    expect([0, 1, 2, 3].map((t) => slideAt(3, t))).toEqual([0, 1, 2, 0]);
  });

  it('rests between rounds when asked', () => {
    expect([0, 1, 2, 3, 4, 5].map((t) => slideAt(2, t, 2))).toEqual([0, 1, null, null, 0, 1]);
  });

  it('shows nothing without slides', () => {
    expect(slideAt(0, 5)).toBeNull();
    expect(slideAt(0, 5, 2)).toBeNull();
  });
});
