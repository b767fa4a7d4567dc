import { DASHBOARD_PAGE_SIZE, type MealDto, rooms } from '@hostel/contracts';
import { ArrowDownWideNarrow, Eye, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useNotice } from '@/components/ui/notice-dialog';
import { Pagination } from '@/components/ui/pagination';
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { useLiveRoom } from '@/lib/live-updates';
import { usePageCount } from '@/lib/use-page';
import { useMeals } from '../api/get-meals';
import { useDeleteMeal } from '../api/delete-meal';
import { formatRating } from './meal-card';
import { UpdateMealDialog } from './update-meal-dialog';

const SUCCESS_AUTO_CLOSE_MS = 1500;
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
  const notice = useNotice();
  const [editing, setEditing] = useState<MealDto | null>(null);
  const [deleting, setDeleting] = useState<MealDto | null>(null);
  useLiveRoom(rooms.catalog);

  const pageCount = usePageCount(meals.data?.total, page, setPage);

  const confirmDelete = async (meal: MealDto) => {
    try {
      await remove.mutateAsync(meal._id);
      notice({ title: 'Deleted!', text: 'Meal has been deleted.', tone: 'success', autoCloseMs: SUCCESS_AUTO_CLOSE_MS });
    } catch {
      notice({ title: 'Failed!', text: 'Failed to delete meal.', tone: 'error' });
    }
  };

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
      {meals.isPending ? (
        <p role="status">Loading meals...</p>
      ) : meals.isError ? (
        <p role="alert" className="font-medium text-red-700">
          {'Failed to load data: ' + meals.error.message}
        </p>
      ) : (
        <Table aria-label="Meals" aria-busy={meals.isFetching}>
          <TableHeader>
            <TableRow>
              <TableHead>Title</TableHead>
              <TableHead>Likes</TableHead>
              <TableHead>Reviews</TableHead>
              <TableHead>Rating</TableHead>
              <TableHead>Distributor</TableHead>
              <TableHead>Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {meals.data.items.length === 0 ? (
              <TableEmpty colSpan={6}>No meals found.</TableEmpty>
            ) : (
              meals.data.items.map((meal) => (
                <TableRow key={meal._id}>
                  <TableCell className="font-medium text-slate-900">{meal.title}</TableCell>
                  <TableCell>{meal.likes}</TableCell>
                  <TableCell>{meal.reviews_count}</TableCell>
                  <TableCell>{formatRating(meal.rating)}</TableCell>
                  <TableCell>{meal.distributorName}</TableCell>
                  <TableCell>
                    <div className="flex flex-wrap gap-2">
                      <Button size="sm" variant="outline" aria-label={`Update ${meal.title}`} onClick={() => setEditing(meal)}>
                        <Pencil aria-hidden="true" />
                        Update
                      </Button>
                      <Button size="sm" variant="outline" aria-label={`Delete ${meal.title}`} onClick={() => setDeleting(meal)}>
                        <Trash2 aria-hidden="true" />
                        Delete
                      </Button>
                      <Button size="sm" variant="outline" asChild>
                        <Link to={paths.meal(meal._id)} aria-label={`Details of ${meal.title}`}>
                          <Eye aria-hidden="true" />
                          Details
                        </Link>
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      )}
      <Pagination page={page} pageCount={pageCount} onPageChange={setPage} />
      <UpdateMealDialog meal={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        text="You won't be able to revert this!"
        confirmLabel="Yes, delete it!"
        onConfirm={() => deleting && void confirmDelete(deleting)}
      />
    </div>
  );
}
