import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { Carousel } from '../../../components/ui/carousel.js';
import { useStoreDay } from '../../../lib/store-day.js';
import { ANY_DAY_BANNER, STANDING_BANNERS, type HeroBanner } from '../home-content.js';
import { seasonQuery } from '../home-data.js';

function HeroSlide({ banner, first }: { banner: HeroBanner; first: boolean }) {
  return (
    <Link
      to={banner.href}
      className="group relative block aspect-[4/3] overflow-hidden rounded-2xl bg-brand-50 md:aspect-auto md:h-[480px]"
    >
      {/* The wide artwork needs a hero about 950 px wide to sit beside the headline; beside the
          sidebar that means a 1280 px screen, so narrower ones get the compact artwork. */}
      <picture>
        <source media="(max-width: 1279px)" srcSet={banner.mobileImage} width={800} height={600} />
        <img
          src={banner.desktopImage}
          alt=""
          width={1600}
          height={480}
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'auto'}
          decoding="async"
          className="absolute inset-0 h-full w-full object-cover object-right-bottom xl:object-right"
        />
      </picture>
      <div className="absolute inset-0 bg-gradient-to-r from-white/80 via-white/40 to-transparent" />
      <div className="relative flex h-full flex-col items-start justify-between p-4 sm:p-6 md:p-10 xl:max-w-[34rem] xl:justify-center xl:gap-4 xl:py-12 xl:pr-6 xl:pl-16">
        <p className="max-w-[60%] text-2xl leading-tight font-extrabold tracking-tight text-brand-900 sm:text-3xl md:max-w-[45%] md:text-4xl xl:max-w-none xl:text-5xl">
          {banner.headline}
        </p>
        <p className="hidden text-lg text-neutral-800 xl:block">{banner.text}</p>
        <span className="inline-flex items-center gap-2 rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold whitespace-nowrap text-white shadow-sm transition-colors group-hover:bg-brand-700 md:px-6 md:py-3 md:text-base">
          {banner.cta}
          <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </span>
      </div>
    </Link>
  );
}

/**
 * The four hero banners: 480 px tall on desktop, a 4:3 slider at 768 px or less, the last for the
 * occasion in season on the page's day. Headlines are real text over the pictures, which hold none.
 * A page the browser renders alone shows the any-day banner until the calendar has loaded.
 */
export function HeroCarousel() {
  const { data: last = ANY_DAY_BANNER } = useQuery(seasonQuery(useStoreDay()));
  return (
    <Carousel label="Offers" autoplayMs={5000} loop>
      {[...STANDING_BANNERS, last].map((banner, i) => (
        <HeroSlide key={banner.slug} banner={banner} first={i === 0} />
      ))}
    </Carousel>
  );
}
