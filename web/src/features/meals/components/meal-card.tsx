import type { MealDto } from '@hostel/contracts';
import { Link } from 'react-router';
import { RatingAndPrice } from '@/components/meal/rating-and-price';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** A meal in a grid: image, title, rating, price and the way to its page (category badge optional). */
/**
 * `first`: the grid's first card, likely the largest thing on a phone's first screen: its picture is
 * fetched at once and first, not when layout finds it in view. `level`: its title's heading level, one
 * below the heading the grid sits under (h2 under a page's h1, h3 under a home section's h2).
 */
export function MealCard({ meal, showCategory = false, first = false, level = 3 }: { meal: MealDto; showCategory?: boolean; first?: boolean; level?: 2 | 3 }) {
  const titleId = `meal-card-${meal._id}`;
  const Title = level === 2 ? 'h2' : 'h3';
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
          <Title id={titleId} className="text-lg font-semibold text-slate-900">
            {meal.title}
          </Title>
          {showCategory ? (
            <span className="shrink-0 rounded-full bg-orange-100 px-2.5 py-0.5 text-xs font-semibold text-orange-950">{meal.category}</span>
          ) : null}
        </div>
        <RatingAndPrice rating={meal.rating} price={meal.price} />
        <Button asChild variant="outline" className="mt-auto">
          <Link to={paths.meal(meal._id)} aria-describedby={titleId}>
            View Details
          </Link>
        </Button>
      </div>
    </article>
  );
}
