import { MEMBERSHIP_PACKAGES } from '@hostel/contracts/plain';
import { Check } from 'lucide-react';

/** A plan's features as a ticked list (the home page's plan cards and the checkout show the same). */
export function PlanFeatures({ name }: { name: keyof typeof MEMBERSHIP_PACKAGES }) {
  return (
    <ul aria-label={`${name} features`} className="grid gap-2">
      {MEMBERSHIP_PACKAGES[name].features.map((feature) => (
        <li key={feature} className="flex items-center gap-2 text-slate-800">
          <Check aria-hidden="true" className="size-4 text-emerald-700" />
          {feature}
        </li>
      ))}
    </ul>
  );
}
