import { pictureCopies, pictureSrcSet } from '@store/contracts';

/**
 * An `<img>`'s `src`, `srcset` and `sizes` for a product picture drawn `sizes` wide: the browser
 * takes the 400 px copy unless the picture is drawn wider than that on the screen's pixels. A
 * picture without copies (an address from elsewhere) is sent as it is.
 */
export function pictureProps(url: string, sizes: string): { src: string; srcSet?: string; sizes?: string } {
  const srcSet = pictureSrcSet(url);
  return srcSet ? { src: pictureCopies(url)!.thumb, srcSet, sizes } : { src: url };
}
