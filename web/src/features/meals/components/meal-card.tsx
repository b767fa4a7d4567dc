import type { MealDto } from '@hostel/contracts';
import { Star } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

export const formatPrice = (price: number) => `$${price.toFixed(2)}`;
export const formatRating = (rating: number) => rating.toFixed(1);

/** A meal in a grid: image, title, rating, price and the way to its page (category badge optional). */
/**
 * `first`: the grid's first card, likely the largest thing on a phone's first screen: its picture is
 * fetched at once and first, not when layout finds it in view.
 */
export function MealCard({ meal, showCategory = false, first = false }: { meal: MealDto; showCategory?: boolean; first?: boolean }) {
  const titleId = `meal-card-${meal._id}`;
  return (
    <article aria-labelledby={titleId} className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <img
        src={meal.image}
        alt=""
        {...(first ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
        width={800}
        height={600}
        className="aspect-[4/3] w-full object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 id={titleId} className="text-lg font-semibold text-slate-900">
            {meal.title}
          </h3>
          {showCategory ? (
            <span className="shrink-0 rounded-full bg-orange-100 px-2.5 py-0.5 text-xs font-semibold text-orange-950">{meal.category}</span>
          ) : null}
        </div>
        <div className="flex items-center justify-between text-sm text-slate-800">
          <span className="flex items-center gap-1">
            <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
            <span>
              <span className="sr-only">Rating </span>
              {formatRating(meal.rating)}
            </span>
          </span>
          <span className="text-base font-bold text-slate-900">
            <span className="sr-only">Price </span>
            {formatPrice(meal.price)}
          </span>
        </div>
        <Button asChild variant="outline" className="mt-auto">
          <Link to={paths.meal(meal._id)} aria-describedby={titleId}>
            View Details
          </Link>
        </Button>
      </div>
    </article>
  );
}
