import { Link } from 'react-router';
import { Carousel } from '../../../components/ui/carousel.js';
import { OCCASION_TILES } from '../home-content.js';
import { SectionHeading } from './section-heading.js';

export function OccasionCarousel() {
  return (
    <section aria-labelledby="home-occasions">
      <SectionHeading
        id="home-occasions"
        title="Shop for every Occasions"
        subtitle="Thoughtful gifts for the moments that matter."
      />
      <Carousel
        label="Occasions"
        slideClassName="basis-[42%] pr-3 sm:basis-1/3 md:basis-1/4 md:pr-4 lg:basis-1/5 xl:basis-1/6"
      >
        {OCCASION_TILES.map((tile) => (
          <Link key={tile.name} to={tile.href} className="group block">
            <img
              src={tile.image}
              alt=""
              width={400}
              height={400}
              loading="lazy"
              decoding="async"
              className="aspect-square w-full rounded-2xl object-cover shadow-sm transition-transform duration-300 group-hover:scale-[1.03]"
            />
            <span className="mt-2 block text-center text-sm font-semibold text-neutral-800 group-hover:text-brand-700 md:text-base">
              {tile.name}
            </span>
          </Link>
        ))}
      </Carousel>
    </section>
  );
}
