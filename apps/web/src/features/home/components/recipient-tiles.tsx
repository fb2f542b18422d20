import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { cn } from '../../../lib/cn.js';
import { RECIPIENT_TILES } from '../home-content.js';
import { SectionHeading } from './section-heading.js';

export function RecipientTiles() {
  return (
    <section aria-labelledby="home-recipients">
      <SectionHeading id="home-recipients" title="Gifts for Him & Her" />
      <div className="grid gap-4 md:grid-cols-2 md:gap-6">
        {RECIPIENT_TILES.map((tile) => {
          const dark = tile.tone === 'dark';
          return (
            <Link
              key={tile.name}
              to={tile.href}
              className="group relative block aspect-[2/1] overflow-hidden rounded-2xl shadow-sm"
            >
              <img
                src={tile.image}
                alt=""
                width={800}
                height={400}
                loading="lazy"
                decoding="async"
                className="absolute inset-0 h-full w-full object-cover transition-transform duration-500 group-hover:scale-105"
              />
              <span className="relative flex h-full max-w-[58%] flex-col justify-center gap-1 p-5 md:gap-2 md:p-8">
                <span className={cn('text-2xl font-extrabold md:text-4xl', dark ? 'text-white' : 'text-brand-900')}>
                  {tile.name}
                </span>
                <span className={cn('text-sm md:text-base', dark ? 'text-blue-100' : 'text-neutral-800')}>
                  {tile.text}
                </span>
                <span
                  className={cn(
                    'mt-1 inline-flex items-center gap-1 text-sm font-semibold group-hover:underline md:mt-2',
                    dark ? 'text-amber-300' : 'text-brand-700',
                  )}
                >
                  Shop now
                  <ArrowRight className="h-4 w-4" aria-hidden="true" />
                </span>
              </span>
            </Link>
          );
        })}
      </div>
    </section>
  );
}
