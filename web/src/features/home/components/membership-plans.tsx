import { isUpgrade, MEMBERSHIP_PACKAGES } from '@hostel/contracts/plain';
import { Crown } from 'lucide-react';
import { PlanFeatures } from '@/components/membership/plan-features';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { useNotice } from '@/components/ui/notice-dialog';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useUserProfile } from '@/lib/user-profile';
import { HomeSection } from '@/components/layouts/home-section';

type PackageName = keyof typeof MEMBERSHIP_PACKAGES;
const accents: Record<PackageName, string> = {
  Silver: 'border-slate-300',
  Gold: 'border-amber-400 ring-2 ring-amber-300',
  Platinum: 'border-violet-400',
};
const dollars = (minorUnits: number) => `$${minorUnits / 100}`;

/**
 * 'Choose Your Membership': the three plans; buying one needs an account. A member is offered only
 * upgrades: their own plan says so, and a lesser one says it is included (buying it would change nothing).
 */
export function MembershipPlans() {
  const session = useSession();
  const notice = useNotice();
  const navigate = useNavigate();
  const profile = useUserProfile(session.status === 'signed-in' ? session.user.email : undefined);
  const held = profile.data?.badge ?? null;

  const choose = (name: PackageName) => {
    if (session.status === 'signed-in') {
      if (isUpgrade(held, name)) void navigate(paths.checkout(name));
      return;
    }
    notice({
      title: 'Sign Up Required',
      text: 'Please sign up or log in first to purchase a membership!',
      tone: 'warning',
      action: { label: 'Go to Sign Up', onSelect: () => void navigate(paths.signIn) },
    });
  };

  return (
    <HomeSection id="plans-title" title="Choose Your Membership" intro="Upgrade to enjoy premium features tailored for every lifestyle and need.">
      <ul className="grid gap-6 md:grid-cols-3">
        {(Object.keys(MEMBERSHIP_PACKAGES) as PackageName[]).map((name) => {
          const plan = MEMBERSHIP_PACKAGES[name];
          const offered = isUpgrade(held, name);
          // A plan grants the badge of its own name.
          const current = held === name;
          return (
            // The whole card answers a click: its button's overlay covers it (one control, for pointer, keyboard and screen reader alike).
            <li
              key={name}
              aria-current={current || undefined}
              className={cn(
                'relative grid content-start gap-4 rounded-2xl border bg-white p-6 shadow-sm',
                offered ? 'hover:shadow-md' : 'bg-slate-50',
                accents[name],
              )}
            >
              <h3 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
                <Crown aria-hidden="true" className="size-6 text-orange-700" />
                {name}
              </h3>
              <p>
                <span className="text-4xl font-bold text-slate-900">{dollars(plan.price)}</span>
                <span className="text-slate-700"> / month</span>
              </p>
              <PlanFeatures name={name} />
              {offered ? (
                <Button className="mt-2 after:absolute after:inset-0 after:rounded-2xl" onClick={() => choose(name)}>
                  {`Choose ${name}`}
                </Button>
              ) : (
                <p className="mt-2 rounded-md bg-emerald-50 px-3 py-2 text-center font-semibold text-emerald-900">
                  {current ? 'Your current plan' : `Included in your ${held ?? name} plan`}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </HomeSection>
  );
}
