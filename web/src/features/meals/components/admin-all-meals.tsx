import { DASHBOARD_PAGE_SIZE, type MealDto, rooms } from '@hostel/contracts';
import { ArrowDownWideNarrow, Eye, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { HistoryLink } from '@/components/history-link';
import { Button } from '@/components/ui/button';
import { DeleteButton } from '@/components/ui/delete-button';
import { type DataColumn, DataTable } from '@/components/ui/data-table';
import { paths } from '@/config/paths';
import { useLiveRoom } from '@/lib/live-updates';
import { useMeals } from '../api/get-meals';
import { useDeleteMeal } from '../api/delete-meal';
import { formatRating } from '@/components/meal/rating-and-price';
import { UpdateMealDialog } from './update-meal-dialog';

type Sort = 'likes' | 'reviews_count' | undefined;
const sorts = [
  { value: 'likes', label: 'Sort by likes' },
  { value: 'reviews_count', label: 'Sort by review count' },
] as const;

/** Admin All Meals: every meal, 10 a page, sortable by likes or reviews, with Update, Delete and Details; counts move live. */
export function AdminAllMeals() {
  const [sort, setSort] = useState<Sort>(undefined);
  const [page, setPage] = useState(0);
  const meals = useMeals(sort ? { sort } : {}, { page, pageSize: DASHBOARD_PAGE_SIZE });
  const remove = useDeleteMeal();
  const [editing, setEditing] = useState<MealDto | null>(null);
  useLiveRoom(rooms.catalog);

  const columns: DataColumn<MealDto>[] = [
    { header: 'Title', cell: (meal) => meal.title, className: 'font-medium text-slate-900' },
    { header: 'Likes', cell: (meal) => meal.likes },
    { header: 'Reviews', cell: (meal) => meal.reviews_count },
    { header: 'Rating', cell: (meal) => formatRating(meal.rating) },
    { header: 'Distributor', cell: (meal) => meal.distributorName },
    {
      header: 'Actions',
      cell: (meal) => (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" aria-label={`Update ${meal.title}`} onClick={() => setEditing(meal)}>
            <Pencil aria-hidden="true" />
            Update
          </Button>
          <DeleteButton
            label={`Delete ${meal.title}`}
            question="You won't be able to revert this!"
            remove={() => remove.mutateAsync(meal._id)}
            deleted="Meal has been deleted."
            failed={{ title: 'Failed!', text: 'Failed to delete meal.' }}
          />
          <Button size="sm" variant="outline" asChild>
            <Link to={paths.meal(meal._id)} aria-label={`Details of ${meal.title}`}>
              <Eye aria-hidden="true" />
              Details
            </Link>
          </Button>
          <HistoryLink entity="meals" id={meal._id} of={meal.title} />
        </div>
      ),
    },
  ];

  return (
    <div className="grid gap-4">
      <div role="group" aria-label="Sort meals" className="flex flex-wrap gap-2">
        {sorts.map(({ value, label }) => (
          <Button
            key={value}
            variant={sort === value ? 'default' : 'outline'}
            aria-pressed={sort === value}
            onClick={() => {
              setSort(sort === value ? undefined : value);
              setPage(0);
            }}
          >
            <ArrowDownWideNarrow aria-hidden="true" />
            {label}
          </Button>
        ))}
      </div>
      <DataTable
        label="Meals"
        columns={columns}
        query={meals}
        loadingText="Loading meals..."
        errorText={(error) => 'Failed to load data: ' + error.message}
        emptyText="No meals found."
        page={page}
        onPageChange={setPage}
      />
      <UpdateMealDialog meal={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
