import type { UserDto } from '@hostel/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import { HistoryLink } from '@/components/history-link';
import { Badge } from '@/components/ui/badge';
import { ConfirmButton } from '@/components/ui/confirm-dialog';
import type { DataColumn } from '@/components/ui/data-table';
import { useNotice } from '@/components/ui/notice-dialog';
import { SearchedDataTable } from '@/components/ui/searched-data-table';
import { ApiError } from '@/lib/api-client';
import { useUsers } from '../api/get-users';
import { useGrantRole } from '../api/grant-role';

const PROMOTED_AUTO_CLOSE_MS = 2000;

function BadgeCell({ badge }: { badge: UserDto['badge'] }) {
  if (!badge) return <Badge level="none">Free</Badge>;
  return <Badge level={badge}>{badge}</Badge>;
}

/**
 * One role-giving button, asked first (a role is not taken back here, and one key press is easily made):
 * the command, then the screen's notices ('Success', 'Failed' in the server's words, 'Error').
 */
function GrantRoleButton({
  user,
  label,
  question,
  grant,
  done,
  failed,
  variant = 'default',
}: {
  user: UserDto;
  label: string;
  /** What the role lets them do, asked before it is given. */
  question: { title: string; text: string };
  grant: UseMutationResult<unknown, Error, string>;
  done: string;
  failed: string;
  variant?: 'default' | 'outline';
}) {
  const notice = useNotice();
  const onClick = async () => {
    try {
      await grant.mutateAsync(user._id);
      notice({ title: 'Success', text: done, tone: 'success', autoCloseMs: PROMOTED_AUTO_CLOSE_MS });
    } catch (error) {
      if (error instanceof ApiError) notice({ title: 'Failed', text: error.serverMessage || failed, tone: 'error' });
      else notice({ title: 'Error', text: 'Something went wrong.', tone: 'error' });
    }
  };
  return (
    <ConfirmButton
      size="sm"
      variant={variant}
      disabled={grant.isPending}
      aria-busy={grant.isPending}
      aria-label={`${label}: ${user.name}`}
      confirm={{ ...question, confirmLabel: label }}
      onConfirm={() => void onClick()}
    >
      {label}
    </ConfirmButton>
  );
}

/** An admin is labelled; anyone else may be made an admin, and a user an auditor (an auditor is labelled). */
function RoleActions({ user }: { user: UserDto }) {
  const promote = useGrantRole('admin');
  const makeAuditor = useGrantRole('auditor');
  if (user.role === 'admin') return <Badge level="admin">Admin</Badge>;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <GrantRoleButton
        user={user}
        label="Make Admin"
        question={{
          title: `Make ${user.name} an admin?`,
          text: 'They will add, edit and delete meals, serve requests, and make others admins. An admin cannot be made a user again here.',
        }}
        grant={promote}
        done="User promoted to Admin!"
        failed="Could not promote user."
      />
      {user.role === 'auditor' ? (
        <Badge level="auditor">Auditor</Badge>
      ) : (
        <GrantRoleButton
          user={user}
          label="Make Auditor"
          question={{
            title: `Make ${user.name} an auditor?`,
            text: 'They will read the whole history of every meal, request, payment and account, and change nothing.',
          }}
          variant="outline"
          grant={makeAuditor}
          done="User is now an Auditor!"
          failed="Could not make the user an auditor."
        />
      )}
    </div>
  );
}

const columns: DataColumn<UserDto>[] = [
  { header: 'Username', cell: (user) => user.name, className: 'font-medium text-slate-900' },
  { header: 'Email', cell: (user) => user.email },
  { header: 'Badge', cell: (user) => <BadgeCell badge={user.badge} /> },
  {
    header: 'Action',
    cell: (user) => (
      <div className="flex flex-wrap items-center gap-2">
        <RoleActions user={user} />
        <HistoryLink entity="users" id={user._id} of={user.name} />
      </div>
    ),
  },
];

/** Admin list of users: debounced search by name or email, 10 a page, promotion to admin, making auditors. */
export function ManageUsers() {
  return (
    <SearchedDataTable
      search={{ id: 'user-search', label: 'Search users', placeholder: 'Search by username or email' }}
      useRows={useUsers}
      label="Users"
      columns={columns}
      loadingText="Loading users..."
      errorText="Failed to fetch users"
      emptyText="No users found"
    />
  );
}
