import { Star } from 'lucide-react';

export const formatPrice = (price: number) => `$${price.toFixed(2)}`;
export const formatRating = (rating: number) => rating.toFixed(1);

/** A meal card's line of figures: its rating (a star) and its price, each named for screen readers. */
export function RatingAndPrice({ rating, price }: { rating: number; price: number }) {
  return (
    <div className="flex items-center justify-between text-sm text-slate-800">
      <span className="flex items-center gap-1">
        <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
        <span>
          <span className="sr-only">Rating </span>
          {formatRating(rating)}
        </span>
      </span>
      <span className="text-base font-bold text-slate-900">
        <span className="sr-only">Price </span>
        {formatPrice(price)}
      </span>
    </div>
  );
}
