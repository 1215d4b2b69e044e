import { GIFT_FALLBACK_IMAGE_URL, giftById } from '@dond/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GiftImage } from './GiftImage';

const rose = giftById(1)!;
const heart = giftById(2)!;

describe('GiftImage', () => {
  it('shows the gift picture, named after the gift', () => {
    render(<GiftImage gift={rose} size={48} />);
    const img = screen.getByRole('img', { name: 'Rose' });
    expect(img.getAttribute('src')).toBe('/gifts/rose.svg');
    expect(img.getAttribute('width')).toBe('48');
    expect(img.hasAttribute('data-fallback')).toBe(false);
  });

  it('falls back to the box when the picture fails, once', () => {
    render(<GiftImage gift={rose} size={48} />);
    const img = screen.getByRole('img', { name: 'Rose' });
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(GIFT_FALLBACK_IMAGE_URL);
    expect(img.getAttribute('data-fallback')).toBe('true');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(GIFT_FALLBACK_IMAGE_URL);
  });

  it('gives a new gift its own try', () => {
    const { rerender } = render(<GiftImage gift={rose} size={48} />);
    fireEvent.error(screen.getByRole('img'));
    rerender(<GiftImage gift={heart} size={48} />);
    const img = screen.getByRole('img', { name: 'Finger Heart' });
    expect(img.getAttribute('src')).toBe('/gifts/finger-heart.svg');
    expect(img.hasAttribute('data-fallback')).toBe(false);
  });
});
