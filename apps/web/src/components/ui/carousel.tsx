import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { EmblaCarouselType } from 'embla-carousel';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../../lib/cn.js';
import { useReducedMotion } from '../../lib/media-query.js';

interface CarouselProps {
  label: string;
  children: ReactNode[];
  /** Classes of each slide (its width decides how many show at once). */
  slideClassName?: string;
  /** Advance every this many ms; paused while hovered or focused. */
  autoplayMs?: number;
  loop?: boolean;
  className?: string;
}

/**
 * Embla on the slides' viewport. Its code is fetched after the first render, off the first page:
 * until it arrives the first slides show as plain markup, as they would before Embla started.
 */
function useEmbla(viewport: RefObject<HTMLDivElement | null>, loop: boolean): EmblaCarouselType | undefined {
  const [api, setApi] = useState<EmblaCarouselType>();
  useEffect(() => {
    let instance: EmblaCarouselType | undefined;
    let cancelled = false;
    import('embla-carousel').then(
      ({ default: EmblaCarousel }) => {
        if (cancelled || !viewport.current) return;
        instance = EmblaCarousel(viewport.current, { loop, align: 'start' });
        setApi(instance);
      },
      // Without its code (the connection dropped) the slides stay as they are, still links.
      () => undefined,
    );
    return () => {
      cancelled = true;
      instance?.destroy();
      setApi(undefined);
    };
  }, [viewport, loop]);
  return api;
}

/**
 * An Embla carousel with previous/next buttons and arrow keys. Autoplay pauses on hover and
 * while keyboard focus is inside, and is off for people who prefer reduced motion.
 */
export function Carousel({ label, children, slideClassName, autoplayMs, loop = false, className }: CarouselProps) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const api = useEmbla(viewportRef, loop);
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);
  const [paused, setPaused] = useState(false);
  const reducedMotion = useReducedMotion();

  const update = useCallback(() => {
    if (!api) return;
    setCanPrev(api.canScrollPrev());
    setCanNext(api.canScrollNext());
  }, [api]);

  useEffect(() => {
    if (!api) return;
    update();
    api.on('select', update).on('reInit', update);
    return () => {
      api.off('select', update).off('reInit', update);
    };
  }, [api, update]);

  useEffect(() => {
    if (!api || !autoplayMs || paused || reducedMotion) return;
    const timer = setInterval(() => (api.canScrollNext() ? api.scrollNext() : api.scrollTo(0)), autoplayMs);
    return () => clearInterval(timer);
  }, [api, autoplayMs, paused, reducedMotion]);

  return (
    // The arrow keys and the pause on hover or focus are delegated from the slides' own links and
    // buttons, which are what takes focus (the WAI-ARIA carousel pattern).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className={cn('relative', className)}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft') api?.scrollPrev();
        if (e.key === 'ArrowRight') api?.scrollNext();
      }}
    >
      <div ref={viewportRef} className="overflow-hidden">
        <div className="flex">
          {children.map((child, i) => (
            <div
              key={i}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${children.length}`}
              className={cn('min-w-0 shrink-0 grow-0 basis-full', slideClassName)}
            >
              {child}
            </div>
          ))}
        </div>
      </div>
      <button
        type="button"
        aria-label="Previous"
        onClick={() => api?.scrollPrev()}
        disabled={!canPrev && !loop}
        className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full bg-white/90 p-2 shadow hover:bg-white disabled:opacity-0"
      >
        <ChevronLeft className="h-5 w-5" aria-hidden="true" />
      </button>
      <button
        type="button"
        aria-label="Next"
        onClick={() => api?.scrollNext()}
        disabled={!canNext && !loop}
        className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full bg-white/90 p-2 shadow hover:bg-white disabled:opacity-0"
      >
        <ChevronRight className="h-5 w-5" aria-hidden="true" />
      </button>
    </section>
  );
}
