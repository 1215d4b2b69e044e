import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from './AppProviders';
import { GameScreen } from './screens/game/GameScreen';
import { FAN_MADE_NOTICE } from './ui/Footer';

function renderGame(isAdmin: boolean) {
  return render(
    <AppProviders>
      <MemoryRouter>
        <GameScreen user={{ id: 1, username: 'streamer', isAdmin }} />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('the game frame', () => {
  it('shows the title, the subtitle, the footer notice and the view-mode buttons', () => {
    renderGame(false);
    const banner = screen.getByRole('banner');
    expect(banner.textContent).toContain('Deals or No Deals');
    expect(banner.textContent).toContain('TikTok Edition');
    expect(screen.getByRole('contentinfo').textContent).toContain(FAN_MADE_NOTICE);
    for (const name of ['Desktop', 'iPad (BETA)', 'Mobile (BETA)'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Logout (streamer)' })).toBeTruthy();
  });

  it('shows Admin to admins only', () => {
    renderGame(false);
    expect(screen.queryByRole('button', { name: 'Admin' })).toBeNull();
  });

  it('shows Admin to an admin', () => {
    renderGame(true);
    expect(screen.getByRole('button', { name: 'Admin' })).toBeTruthy();
  });
});
