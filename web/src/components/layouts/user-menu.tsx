import type { UserDto } from '@hostel/contracts';
import { LayoutDashboard, LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { useAuthSession } from '@/lib/auth';
import { useUserProfile } from '@/lib/user-profile';

/** The signed-in user's round avatar; it opens a menu with Dashboard and Logout. */
export function UserMenu({ user }: { user: UserDto }) {
  const session = useAuthSession();
  const navigate = useNavigate();
  // The profile read follows a purchase (the server pushes the change), the token's copy does not.
  const badge = useUserProfile(user.email).data?.badge ?? user.badge;

  const logout = async () => {
    await session.signOut();
    await navigate(paths.home);
  };

  return (
    // Non-modal: a modal menu hides the page from assistive tech while its links stay focusable.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        aria-label="Account menu"
        className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700"
      >
        <Avatar src={user.photo} alt="" className={badge ? 'ring-2 ring-amber-400' : 'ring-2 ring-orange-200'} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <span className="block font-semibold text-slate-900">{user.name}</span>
          <span className="block">{user.email}</span>
          <Badge level={badge ?? 'none'} className="mt-1">
            {badge ? `${badge} member` : 'Free'}
          </Badge>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void navigate(paths.dashboard.root)}>
          <LayoutDashboard aria-hidden="true" />
          Dashboard
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void logout()}>
          <LogOut aria-hidden="true" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
