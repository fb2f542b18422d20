import { useEffect } from 'react';
import { useParams } from 'react-router';
import { PincodePrompt } from '../../components/product/pincode-prompt.js';
import { usePageTitle } from '../../lib/page-title.js';
import { ExclusiveCollection } from './components/exclusive-collection.js';
import { HeroCarousel } from './components/hero-carousel.js';
import { OccasionCarousel } from './components/occasion-carousel.js';
import { RecipientTiles } from './components/recipient-tiles.js';
import { SameDayBanner } from './components/same-day-banner.js';
import { SubscribePromo } from './components/subscribe-promo.js';
import { UniqueCollections } from './components/unique-collections.js';
import { homeCollection } from './home-data.js';

export const HOME_TITLE = 'Phoolwala Gifts | Flowers, Cakes and Gifts Delivered Across India';
const HOME_DESCRIPTION =
  'Send fresh flowers, cakes, chocolates and gift combos across India, with same-day delivery in Kochi. Gifts for birthdays, anniversaries, festivals and every occasion.';

/** Home, also at /search/:keyword and /page/:pageNumber, which steer 'Our Exclusive Collection'. */
export function HomePage() {
  const { keyword, pageNumber } = homeCollection(useParams());
  usePageTitle(undefined, HOME_DESCRIPTION);
  // usePageTitle puts the brand last ('Cart | Phoolwala Gifts'); the home title leads with it.
  useEffect(() => {
    document.title = HOME_TITLE;
  }, []);

  return (
    <div className="mx-auto w-full max-w-7xl space-y-10 px-3 py-4 md:space-y-16 md:px-6 md:py-6">
      <h1 className="sr-only">Phoolwala Gifts</h1>
      <div className="space-y-4 md:space-y-6">
        <HeroCarousel />
        <SameDayBanner />
        <PincodePrompt />
      </div>
      <OccasionCarousel />
      <UniqueCollections />
      <RecipientTiles />
      <ExclusiveCollection keyword={keyword} pageNumber={pageNumber} />
      <SubscribePromo />
    </div>
  );
}
