import { GIFT_FALLBACK_IMAGE_URL, type Gift } from '@dond/shared';
import { useState, type ImgHTMLAttributes } from 'react';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'width' | 'height' | 'onError'> & {
  gift: Pick<Gift, 'name' | 'imageUrl'>;
  /** Width and height in CSS pixels. */
  size: number;
  /** The text alternative; the gift's name unless the picture sits beside its name (then pass ''). */
  alt?: string;
};

/**
 * A gift's picture. When it cannot be loaded it falls back to the generic box picture and says so with
 * data-fallback="true" (SPEC.md section 2: a broken gift image falls back to a generic box icon).
 */
export function GiftImage({ gift, size, alt = gift.name, ...rest }: Props) {
  // Remember which picture failed, so a new gift on the same element gets its own try.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const failed = failedUrl === gift.imageUrl;
  return (
    <img
      {...rest}
      src={failed ? GIFT_FALLBACK_IMAGE_URL : gift.imageUrl}
      alt={alt}
      width={size}
      height={size}
      decoding="async"
      draggable={false}
      data-fallback={failed ? 'true' : undefined}
      onError={() => {
        // Never loop: once on the box, a failing box stays as it is.
        if (!failed) setFailedUrl(gift.imageUrl);
      }}
    />
  );
}
