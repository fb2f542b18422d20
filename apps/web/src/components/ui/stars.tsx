import { Star, StarHalf } from 'lucide-react';

/** Rating out of 5 in half steps, read out as text for screen readers. */
export function Stars({ rating, className = 'h-4 w-4' }: { rating: number; className?: string }) {
  const halves = Math.round(rating * 2);
  return (
    <span
      className="inline-flex items-center text-amber-500"
      role="img"
      aria-label={`Rated ${rating.toFixed(1)} out of 5`}
    >
      {Array.from({ length: 5 }, (_, i) => {
        const filled = halves >= (i + 1) * 2;
        const half = !filled && halves === i * 2 + 1;
        if (half) return <StarHalf key={i} className={className} fill="currentColor" aria-hidden="true" />;
        return (
          <Star
            key={i}
            className={className}
            fill={filled ? 'currentColor' : 'none'}
            strokeWidth={filled ? 1.5 : 1.25}
            aria-hidden="true"
          />
        );
      })}
    </span>
  );
}
