import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from './App';

describe('App', () => {
  it('names the game in the banner', () => {
    render(<App />);
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('heading', { level: 1 }).textContent).toBe('Deals or No Deals');
    expect(within(banner).getByText('TikTok Edition')).toBeDefined();
  });

  it('says in the footer that the game is fan-made', () => {
    render(<App />);
    expect(screen.getByRole('contentinfo').textContent).toBe(
      'A fan-made game. Not associated with or endorsed by the original franchise or TikTok.',
    );
  });
});
