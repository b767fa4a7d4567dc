import { HistoryLink } from '@/components/history-link';
import { Badge } from '@/components/ui/badge';
import { ApiError } from '@/lib/api-client';
import { useSessionUser } from '@/lib/auth';
import { useUserProfile } from '@/lib/user-profile';
import { ProfileCard } from './profile-card';
import { failedAgain, LoadFailed, ReadFailed } from '@/components/ui/read-failed';

/** A student's own profile: photo, name, email and their membership badge. */
export function MyProfile() {
  const sessionUser = useSessionUser();
  const profile = useUserProfile(sessionUser?.email);

  if (profile.isPending) return <p role="status">Loading profile...</p>;
  // Only when there is nothing to show: a later read that fails (after a push) leaves the profile on show and says so.
  if (profile.isError && !profile.data && !(profile.error instanceof ApiError && profile.error.status === 404)) {
    return <LoadFailed retry={profile}>Failed to fetch user data</LoadFailed>;
  }
  if (!profile.data) return <p>User profile not found.</p>;

  const { _id, photo, name, email, badge } = profile.data;
  return (
    <ProfileCard photo={photo} name={name} email={email}>
      <p className="flex items-center gap-2 text-slate-800">
        Badge:{' '}
        {badge ? (
          <Badge level={badge} className="text-sm">
            {badge}
          </Badge>
        ) : (
          <Badge level="none" className="text-sm">
            None
          </Badge>
        )}
      </p>
      <HistoryLink entity="users" id={_id} of={`${name}'s account`} />
      <ReadFailed error={failedAgain(profile)} saying="Failed to read your profile again" retry={profile} />
    </ProfileCard>
  );
}
