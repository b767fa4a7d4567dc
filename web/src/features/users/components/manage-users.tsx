import type { UserDto } from '@hostel/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useNotice } from '@/components/ui/notice-dialog';
import { Pagination } from '@/components/ui/pagination';
import { SearchField } from '@/components/ui/search-input';
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ApiError } from '@/lib/api-client';
import { usePageCount } from '@/lib/use-page';
import { useSearchedPages } from '@/lib/use-searched-pages';
import { useUsers } from '../api/get-users';
import { usePromoteUser } from '../api/promote-user';

const PROMOTED_AUTO_CLOSE_MS = 2000;

function BadgeCell({ badge }: { badge: UserDto['badge'] }) {
  if (!badge) return <Badge level="none">Free</Badge>;
  return <Badge level={badge}>{badge}</Badge>;
}

function PromoteAction({ user }: { user: UserDto }) {
  const promote = usePromoteUser();
  const notice = useNotice();
  if (user.role === 'admin') return <Badge level="admin">Admin</Badge>;

  const makeAdmin = async () => {
    try {
      await promote.mutateAsync(user._id);
      notice({ title: 'Success', text: 'User promoted to Admin!', tone: 'success', autoCloseMs: PROMOTED_AUTO_CLOSE_MS });
    } catch (error) {
      if (error instanceof ApiError) notice({ title: 'Failed', text: error.serverMessage || 'Could not promote user.', tone: 'error' });
      else notice({ title: 'Error', text: 'Something went wrong.', tone: 'error' });
    }
  };

  return (
    <Button
      size="sm"
      disabled={promote.isPending}
      aria-busy={promote.isPending}
      aria-label={`Make Admin: ${user.name}`}
      onClick={() => void makeAdmin()}
    >
      Make Admin
    </Button>
  );
}

/** Admin list of users: debounced search by name or email, 10 a page, promotion to admin. */
export function ManageUsers() {
  const { searchText, setSearchText, search, page, setPage } = useSearchedPages();
  const users = useUsers({ search, page });

  const pageCount = usePageCount(users.data?.total, page, setPage);
  return (
    <div className="grid gap-4">
      <SearchField id="user-search" label="Search users" placeholder="Search by username or email" value={searchText} onValueChange={setSearchText} />

      {users.isPending ? (
        <p role="status">Loading users...</p>
      ) : users.isError ? (
        <p role="alert" className="font-medium text-red-700">
          {'Error: ' + users.error.message}
        </p>
      ) : (
        <>
          <Table aria-busy={users.isFetching} aria-label="Users">
            <TableHeader>
              <TableRow>
                <TableHead>Username</TableHead>
                <TableHead>Email</TableHead>
                <TableHead>Badge</TableHead>
                <TableHead>Action</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {users.data.items.length === 0 ? (
                <TableEmpty colSpan={4}>No users found</TableEmpty>
              ) : (
                users.data.items.map((user) => (
                  <TableRow key={user._id}>
                    <TableCell className="font-medium text-slate-900">{user.name}</TableCell>
                    <TableCell>{user.email}</TableCell>
                    <TableCell>
                      <BadgeCell badge={user.badge} />
                    </TableCell>
                    <TableCell>
                      <PromoteAction user={user} />
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
          <Pagination page={page} pageCount={pageCount} onPageChange={setPage} />
        </>
      )}
    </div>
  );
}
