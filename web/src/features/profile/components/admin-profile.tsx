import type { ReactNode } from 'react';
import { HistoryLink } from '@/components/history-link';
import { useSessionUser } from '@/lib/auth';
import { useUserProfile } from '@/lib/user-profile';
import { useMealsAddedCount } from '../api/get-meals-added-count';
import { ProfileCard } from './profile-card';
import { failedAgain, ReadFailed } from '@/components/ui/read-failed';

/** An admin's profile: who they are, how many meals they have added, and what the page adds below (the kitchen's numbers). */
export function AdminProfile({ children }: { children?: ReactNode }) {
  const sessionUser = useSessionUser();
  const profile = useUserProfile(sessionUser?.email);
  const mealsAdded = useMealsAddedCount(sessionUser?.email);

  if (profile.isPending) return <p role="status">Loading profile...</p>;
  // The session already knows who this is; the profile read only adds freshness.
  const user = profile.data ?? sessionUser;
  if (!user) return <p>User profile not found.</p>;

  return (
    <ProfileCard photo={user.photo} name={user.name} email={user.email}>
      <p className="rounded-lg bg-orange-50 px-4 py-2 text-lg font-semibold text-orange-950">
        {mealsAdded.data !== undefined ? `Meals Added: ${mealsAdded.data}` : mealsAdded.isPending ? 'Meals Added: …' : 'Meals Added: unavailable'}
      </p>
      {/* A read again that fails (after a push) leaves the count on show and says so. */}
      <ReadFailed error={failedAgain(mealsAdded)} saying="Failed to read the meals added again" />
      <HistoryLink entity="users" id={user._id} of={`${user.name}'s account`} />
      {children}
    </ProfileCard>
  );
}
