import { DASHBOARD_PAGE_SIZE, rooms, type UpcomingMealDto } from '@hostel/contracts';
import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { HistoryLink } from '@/components/history-link';
import { Button } from '@/components/ui/button';
import { type DataColumn, DataTable } from '@/components/ui/data-table';
import { Modal } from '@/components/ui/modal';
import { useNotice } from '@/components/ui/notice-dialog';
import { useLiveRoom } from '@/lib/live-updates';
import { useManageUpcomingMeals, useUpcomingMeals } from '../api/upcoming-meals';
import { AddUpcomingMealForm } from './add-upcoming-meal-form';

/** Admin Upcoming Meals: the list by likes (live), 10 a page, Publish, and 'Add Upcoming Meal'. */
export function AdminUpcomingMeals() {
  const [page, setPage] = useState(0);
  const [adding, setAdding] = useState(false);
  const meals = useUpcomingMeals({ sort: 'likes', page, pageSize: DASHBOARD_PAGE_SIZE });
  const { publish } = useManageUpcomingMeals();
  const notice = useNotice();
  useLiveRoom(rooms.upcoming);
  // A failed load is said as the spec's alert too: 'Error' / 'Failed to fetch upcoming meals.'
  const { isError, errorUpdatedAt } = meals;
  useEffect(() => {
    if (isError) notice({ title: 'Error', text: 'Failed to fetch upcoming meals.', tone: 'error' });
  }, [isError, errorUpdatedAt, notice]);

  const onPublish = (id: string) =>
    publish.mutate(id, {
      onSuccess: () => notice({ title: 'Success', text: 'Meal published successfully', tone: 'success', autoCloseMs: 1500 }),
      onError: () => notice({ title: 'Error', text: 'Error publishing meal', tone: 'error' }),
    });

  const columns: DataColumn<UpcomingMealDto>[] = [
    { header: 'Title', cell: (meal) => meal.title, className: 'font-medium text-slate-900' },
    { header: 'Likes', cell: (meal) => meal.likes },
    { header: 'Category', cell: (meal) => meal.category },
    {
      header: 'Action',
      cell: (meal) => (
        <div className="flex flex-wrap items-center gap-2">
          <Button size="sm" aria-label={`Publish ${meal.title}`} disabled={publish.isPending} onClick={() => onPublish(meal._id)}>
            Publish
          </Button>
          <HistoryLink entity="upcoming" id={meal._id} of={meal.title} />
        </div>
      ),
    },
  ];

  return (
    <div className="grid gap-4">
      <Button className="justify-self-start" onClick={() => setAdding(true)}>
        <Plus aria-hidden="true" />
        Add Upcoming Meal
      </Button>
      <DataTable
        label="Upcoming meals"
        columns={columns}
        query={meals}
        loadingText="Loading upcoming meals..."
        errorText="Failed to fetch upcoming meals."
        emptyText="No upcoming meals found."
        page={page}
        onPageChange={setPage}
      />
      <Modal open={adding} onOpenChange={setAdding} title="Add Upcoming Meal">
        <AddUpcomingMealForm onAdded={() => setAdding(false)} />
      </Modal>
    </div>
  );
}
