import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from './App';

describe('App', () => {
  it('announces the console and links back to the game', () => {
    render(<App />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Deals or No Deals Admin');
    expect(screen.getByText('The admin console is coming soon.')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Back to Game' }).getAttribute('href')).toBe('/');
  });
});
