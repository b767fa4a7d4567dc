import { MEMBERSHIP_PACKAGES } from '@hostel/contracts';
import { Crown } from 'lucide-react';
import { PlanFeatures } from '@/components/membership/plan-features';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { useNotice } from '@/components/ui/notice-dialog';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth';
import { cn } from '@/lib/cn';

type PackageName = keyof typeof MEMBERSHIP_PACKAGES;
const accents: Record<PackageName, string> = {
  Silver: 'border-slate-300',
  Gold: 'border-amber-400 ring-2 ring-amber-300',
  Platinum: 'border-violet-400',
};
const dollars = (minorUnits: number) => `$${minorUnits / 100}`;

/** 'Choose Your Membership': the three plans; buying one needs an account. */
export function MembershipPlans() {
  const session = useSession();
  const notice = useNotice();
  const navigate = useNavigate();

  const choose = (name: PackageName) => {
    if (session.status === 'signed-in') return void navigate(paths.checkout(name));
    notice({
      title: 'Sign Up Required',
      text: 'Please sign up or log in first to purchase a membership!',
      tone: 'info',
      action: { label: 'Go to Sign Up', onSelect: () => void navigate(paths.signIn) },
    });
  };

  return (
    <section aria-labelledby="plans-title" className="mx-auto grid max-w-6xl gap-8 px-4 py-16">
      <div className="grid gap-2 text-center">
        <h2 id="plans-title" className="text-3xl font-bold text-slate-900">
          Choose Your Membership
        </h2>
        <p className="text-slate-700">Upgrade to enjoy premium features tailored for every lifestyle and need.</p>
      </div>
      <ul className="grid gap-6 md:grid-cols-3">
        {(Object.keys(MEMBERSHIP_PACKAGES) as PackageName[]).map((name) => {
          const plan = MEMBERSHIP_PACKAGES[name];
          return (
            // The whole card answers a click; its button is the way in for keyboards and screen readers.
            <li
              key={name}
              onClick={() => choose(name)}
              className={cn('grid cursor-pointer content-start gap-4 rounded-2xl border bg-white p-6 shadow-sm hover:shadow-md', accents[name])}
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
              <Button
                className="mt-2"
                onClick={(event) => {
                  event.stopPropagation();
                  choose(name);
                }}
              >
                {`Choose ${name}`}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
