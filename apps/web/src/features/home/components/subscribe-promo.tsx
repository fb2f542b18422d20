import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Pause, Play } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button.js';
import { cn } from '../../../lib/cn.js';
import { PROMO_VIDEO, SUBSCRIPTION_HREF } from '../home-content.js';
import { useReducedMotion } from '../../../lib/media-query.js';

const PERKS = [
  { figure: 'Up to 10%', label: 'off every delivery' },
  { figure: 'Free', label: 'shipping, every time' },
];

/**
 * A looping animation the project draws itself (see scripts/make-home-assets.mjs). It plays muted
 * on its own, with a pause button since it never stops; people who prefer reduced motion get the
 * still poster and the player's own controls instead.
 */
function PromoVideo() {
  const reducedMotion = useReducedMotion();
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  return (
    <div className="relative overflow-hidden rounded-2xl bg-brand-100 shadow-sm">
      <video
        ref={video}
        autoPlay={!reducedMotion}
        controls={reducedMotion}
        muted
        loop
        playsInline
        preload="none"
        poster={PROMO_VIDEO.poster}
        width={640}
        height={360}
        aria-label="Animation: roses rising out of a gift box among falling petals"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        className="block aspect-video h-auto w-full"
      >
        <source src={PROMO_VIDEO.webm} type="video/webm" />
        <source src={PROMO_VIDEO.mp4} type="video/mp4" />
      </video>
      {!reducedMotion && (
        <button
          type="button"
          onClick={() => (playing ? video.current?.pause() : void video.current?.play())}
          aria-label={playing ? 'Pause animation' : 'Play animation'}
          className="absolute right-3 bottom-3 rounded-full bg-white/90 p-2 text-neutral-900 shadow hover:bg-white"
        >
          {playing ? <Pause className="h-4 w-4" aria-hidden="true" /> : <Play className="h-4 w-4" aria-hidden="true" />}
        </button>
      )}
    </div>
  );
}

export function SubscribePromo() {
  return (
    <section
      aria-labelledby="home-subscribe"
      className="grid items-center gap-6 rounded-3xl bg-gradient-to-br from-brand-50 via-white to-amber-50 p-4 md:grid-cols-2 md:gap-10 md:p-10"
    >
      <PromoVideo />
      <div>
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Flowers on repeat</p>
        <h2 id="home-subscribe" className="mt-1 text-2xl font-bold tracking-tight text-neutral-900 md:text-4xl">
          Subscribe and Save
        </h2>
        <p className="mt-3 text-base text-neutral-700 md:text-lg">
          Save up to 10% and get free shipping on every subscription delivery.
        </p>
        <ul className="mt-5 grid max-w-sm grid-cols-2 gap-3">
          {PERKS.map((perk) => (
            <li key={perk.figure} className="rounded-xl border border-brand-100 bg-white px-4 py-3 shadow-sm">
              <span className="block text-xl font-extrabold text-brand-700">{perk.figure}</span>
              <span className="block text-sm text-neutral-700">{perk.label}</span>
            </li>
          ))}
        </ul>
        <Link to={SUBSCRIPTION_HREF} className={cn(buttonClasses('primary', 'lg'), 'mt-6 rounded-full')}>
          Explore subscriptions
        </Link>
      </div>
    </section>
  );
}
