import { lazy, Suspense, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { ZoomIn } from 'lucide-react';
import { pictureCopies, pictureSrcSet, PRODUCT_MAIN_PICTURE_SIZES, type ProductDetail } from '@store/contracts';
import { cn } from '../../lib/cn.js';

export interface GalleryImage {
  /** 800 px WebP shown in the page. */
  detail: string;
  /** The 400 and 800 px copies, for the browser to choose from by the picture's drawn width. */
  srcSet?: string;
  /** Small picture for the thumbnail strip. */
  thumb: string;
  /** The uploaded original, for the full-size view. */
  full: string;
}

export function galleryImages(
  product: Pick<ProductDetail, 'image' | 'optimizedImages' | 'optimizedProductImages'>,
): GalleryImage[] {
  const main = product.optimizedImages.detail || product.image;
  return [
    {
      detail: main,
      srcSet: pictureSrcSet(main),
      thumb: product.optimizedImages.thumbnail || pictureCopies(main)?.thumb || main,
      full: product.image || main,
    },
    ...product.optimizedProductImages.map((o) => {
      const detail = o.optimized.detail || o.original;
      return {
        detail,
        srcSet: pictureSrcSet(detail),
        thumb: pictureCopies(detail)?.thumb ?? detail,
        full: o.original || detail,
      };
    }),
  ];
}

// The full-size view (Radix's dialog, its focus trap and scroll lock) comes with the first tap on
// the picture rather than with every product page's first JavaScript.
const FullSizeView = lazy(() => import('./full-size-view.js').then((m) => ({ default: m.FullSizeView })));

interface ProductGalleryProps {
  name: string;
  images: GalleryImage[];
}

/**
 * The main picture with thumbnails. A mouse hovering the picture magnifies it around the pointer;
 * a click or Enter opens the full-size picture. Arrow keys step through the pictures.
 */
export function ProductGallery({ name, images }: ProductGalleryProps) {
  const [index, setIndex] = useState(0);
  const [full, setFull] = useState<'unseen' | 'open' | 'closed'>('unseen');
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const count = images.length;
  const current = images[Math.min(index, count - 1)];
  if (!current) return null;

  const step = (delta: number) => setIndex((i) => (i + delta + count) % count);

  function onKeyDown(e: KeyboardEvent) {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    const next = (index + (e.key === 'ArrowLeft' ? -1 : 1) + count) % count;
    setIndex(next);
    // Focus follows the choice in the thumbnail strip, as in a toolbar.
    if (thumbs.current.includes(e.target as HTMLButtonElement)) thumbs.current[next]?.focus();
  }

  function onPointerMove(e: PointerEvent<HTMLElement>) {
    if (e.pointerType !== 'mouse') return;
    const box = e.currentTarget.getBoundingClientRect();
    setZoom({ x: ((e.clientX - box.left) / box.width) * 100, y: ((e.clientY - box.top) / box.height) * 100 });
  }

  return (
    <>
      {/* The arrow keys are delegated from the picture and thumbnail buttons, which take the focus. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <div className="flex flex-col gap-3 self-start md:sticky md:top-4 md:flex-row-reverse" onKeyDown={onKeyDown}>
        <div className="relative min-w-0 flex-1">
          <button
            type="button"
            aria-haspopup="dialog"
            aria-expanded={full === 'open'}
            onClick={() => setFull('open')}
            onPointerMove={onPointerMove}
            onPointerLeave={() => setZoom(null)}
            aria-label={`Open full-size image ${index + 1} of ${count}`}
            className="block w-full cursor-zoom-in overflow-hidden rounded-xl bg-neutral-100"
          >
            {/* The page's LCP: the server preloads the same srcset and sizes (seo.head.ts). */}
            <img
              src={current.detail}
              srcSet={current.srcSet}
              sizes={current.srcSet ? PRODUCT_MAIN_PICTURE_SIZES : undefined}
              alt={name}
              width={800}
              height={800}
              loading="eager"
              fetchPriority="high"
              decoding="async"
              className="block aspect-square w-full object-cover transition-transform duration-150 ease-out"
              style={
                zoom
                  ? { transform: 'scale(2)', transformOrigin: `${zoom.x}% ${zoom.y}%` }
                  : { transformOrigin: 'center' }
              }
            />
          </button>
          <span className="pointer-events-none absolute right-3 bottom-3 inline-flex items-center gap-1 rounded-full bg-white/90 px-2.5 py-1 text-xs font-medium text-neutral-800 shadow-sm">
            <ZoomIn className="h-3.5 w-3.5" aria-hidden="true" />
            <span className="hidden md:inline">Hover to zoom, click to enlarge</span>
            <span className="md:hidden">Tap to enlarge</span>
          </span>
        </div>

        {count > 1 && (
          <div
            role="group"
            aria-label="Product images"
            className="flex gap-2 overflow-x-auto md:w-20 md:flex-col md:overflow-visible"
          >
            {images.map((img, i) => (
              <button
                key={img.detail}
                ref={(el) => {
                  thumbs.current[i] = el;
                }}
                type="button"
                aria-label={`Show image ${i + 1} of ${count}`}
                aria-pressed={i === index}
                onClick={() => setIndex(i)}
                className={cn(
                  'shrink-0 overflow-hidden rounded-lg border-2 bg-neutral-100 transition-colors',
                  i === index ? 'border-brand-600' : 'border-transparent hover:border-neutral-300',
                )}
              >
                <img
                  src={img.thumb}
                  alt=""
                  width={80}
                  height={80}
                  loading="lazy"
                  decoding="async"
                  className="h-16 w-16 object-cover md:h-[76px] md:w-[76px]"
                />
              </button>
            ))}
          </div>
        )}
      </div>

      {/* Outside the strip's key handler: arrow keys in the full-size view must step only once. */}
      {full === 'unseen' ? null : (
        <Suspense fallback={null}>
          <FullSizeView
            open={full === 'open'}
            onOpenChange={(open) => setFull(open ? 'open' : 'closed')}
            name={name}
            image={current.full}
            index={index}
            count={count}
            onStep={step}
          />
        </Suspense>
      )}
    </>
  );
}
