import { DASHBOARD_PAGE_SIZE, rooms } from '@hostel/contracts';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useNotice } from '@/components/ui/notice-dialog';
import { Pagination } from '@/components/ui/pagination';
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useLiveRoom } from '@/lib/live-updates';
import { usePageCount } from '@/lib/use-page';
import { useManageUpcomingMeals, useUpcomingMeals } from '../api/upcoming-meals';
import { AddUpcomingMealForm } from './add-upcoming-meal-form';

/** Admin Upcoming Meals: the list by likes (live), 10 a page, Publish, and 'Add Upcoming Meal'. */
export function AdminUpcomingMeals() {
  const [page, setPage] = useState(0);
  const [adding, setAdding] = useState(false);
  const meals = useUpcomingMeals({ sort: 'likes', page, pageSize: DASHBOARD_PAGE_SIZE });
  const pageCount = usePageCount(meals.data?.total, page, setPage);
  const { publish } = useManageUpcomingMeals();
  const notice = useNotice();
  useLiveRoom(rooms.upcoming);

  const onPublish = (id: string) =>
    publish.mutate(id, {
      onSuccess: () => notice({ title: 'Success', text: 'Meal published successfully', tone: 'success', autoCloseMs: 1500 }),
      onError: () => notice({ title: 'Error', text: 'Error publishing meal', tone: 'error' }),
    });

  return (
    <div className="grid gap-4">
      <Button className="justify-self-start" onClick={() => setAdding(true)}>
        <Plus aria-hidden="true" />
        Add Upcoming Meal
      </Button>
      {meals.isPending ? (
        <p role="status">Loading upcoming meals...</p>
      ) : meals.isError ? (
        <p role="alert" className="font-medium text-red-700">
          Failed to fetch upcoming meals.
        </p>
      ) : (
        <Table aria-label="Upcoming meals" aria-busy={meals.isFetching}>
          <TableHeader>
            <TableRow>
              <TableHead>Title</TableHead>
              <TableHead>Likes</TableHead>
              <TableHead>Category</TableHead>
              <TableHead>Action</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {meals.data.items.length === 0 ? (
              <TableEmpty colSpan={4}>No upcoming meals found.</TableEmpty>
            ) : (
              meals.data.items.map((meal) => (
                <TableRow key={meal._id}>
                  <TableCell className="font-medium text-slate-900">{meal.title}</TableCell>
                  <TableCell>{meal.likes}</TableCell>
                  <TableCell>{meal.category}</TableCell>
                  <TableCell>
                    <Button size="sm" aria-label={`Publish ${meal.title}`} disabled={publish.isPending} onClick={() => onPublish(meal._id)}>
                      Publish
                    </Button>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      )}
      <Pagination page={page} pageCount={pageCount} onPageChange={setPage} />
      <Modal open={adding} onOpenChange={setAdding} title="Add Upcoming Meal">
        <AddUpcomingMealForm onAdded={() => setAdding(false)} />
      </Modal>
    </div>
  );
}
