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

/** Each role an admin gives here: the button, what is asked before (what the role lets them do), and the notices' words. */
const GRANTS = {
  admin: {
    label: 'Make Admin',
    question: (name: string) => ({
      title: `Make ${name} an admin?`,
      text: 'They will add, edit and delete meals, serve requests, and make others admins. An admin cannot be made a user again here.',
    }),
    done: 'User promoted to Admin!',
    failed: 'Could not promote user.',
    variant: 'default',
  },
  auditor: {
    label: 'Make Auditor',
    question: (name: string) => ({
      title: `Make ${name} an auditor?`,
      text: 'They will read the whole history of every meal, request, payment and account, and change nothing.',
    }),
    done: 'User is now an Auditor!',
    failed: 'Could not make the user an auditor.',
    variant: 'outline',
  },
} as const;

/**
 * One role-giving button, asked first (a role is not taken back here, and one key press is easily made):
 * the command, then the screen's notices ('Success', 'Failed' in the server's words, 'Error').
 */
function GrantRoleButton({ user, grants, grant }: { user: UserDto; grants: keyof typeof GRANTS; grant: UseMutationResult<unknown, Error, string> }) {
  const { label, question, done, failed, variant } = GRANTS[grants];
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
      confirm={{ ...question(user.name), confirmLabel: label }}
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
      <GrantRoleButton user={user} grants="admin" grant={promote} />
      {user.role === 'auditor' ? <Badge level="auditor">Auditor</Badge> : <GrantRoleButton user={user} grants="auditor" grant={makeAuditor} />}
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
