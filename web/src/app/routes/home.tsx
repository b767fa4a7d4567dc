import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { PRODUCT_NAME, paths } from '@/config/paths';

/** Home: the hero for now; the meals work adds the slideshow, categories and membership plans. */
export function HomeRoute() {
  return (
    <section aria-labelledby="home-title" className="bg-orange-50">
      <title>{PRODUCT_NAME}</title>
      <div className="mx-auto grid max-w-4xl justify-items-center gap-6 px-4 py-24 text-center">
        <h1 id="home-title" className="text-4xl font-bold tracking-tight text-slate-900 md:text-5xl">
          Good food, in step with hostel life
        </h1>
        <p className="max-w-2xl text-lg text-slate-700">
          Students can view daily meals, share reviews and see upcoming menus, while admins manage operations.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link to={paths.allMeals}>Browse meals</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={paths.upcomingMeals}>See upcoming menus</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
